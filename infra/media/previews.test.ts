// A work's preview is the first 30 s of its original as an MP3, never longer, made once and reused.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudioInfo } from '../audio/ffmpeg';
import { sineWav } from '../../tests/support/audio';
import { ensurePreview, previewName } from './previews';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-previews-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('previews', () => {
  it('cuts a 45-s original to a 30-s MP3, once, even when asked for twice at the same time', async () => {
    const original = path.join(dir, 'song.wav');
    await writeFile(original, sineWav({ seconds: 45 }));
    const [first, second] = await Promise.all([ensurePreview(path.join(dir, 'previews'), original, 'song.wav'), ensurePreview(path.join(dir, 'previews'), original, 'song.wav')]);
    expect(first).toBe(second);
    expect(path.basename(first)).toBe(previewName('song.wav'));
    const info = await readAudioInfo(first);
    expect(info.durationSeconds).toBeGreaterThan(29);
    expect(info.durationSeconds).toBeLessThan(30.2);
    const made = (await stat(first)).mtimeMs;
    await ensurePreview(path.join(dir, 'previews'), original, 'song.wav');
    expect((await stat(first)).mtimeMs).toBe(made);
  });
});
