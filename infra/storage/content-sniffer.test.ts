import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED_FILE_NAME_EXTENSIONS, ACCEPTED_UPLOAD_EXTENSIONS } from '../../domain/constants';
import { encodeContainers, encodeSilentVideo, type EncodedContainer } from '../../tests/support/containers';
import { claimedExtension, nameFits, sniffContent } from './content-sniffer';

let dir: string;
let encoded: EncodedContainer[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-sniff-'));
  ({ encoded } = await encodeContainers(dir));
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sniffContent', () => {
  it('identifies every common audio container (and the videos with a soundtrack) as music, under its own name', async () => {
    const wrong: string[] = [];
    for (const container of encoded) {
      const sniffed = await sniffContent(container.file);
      const claimed = claimedExtension(container.fileName);
      const ok = sniffed?.extension === container.extension && sniffed.contentTypes.includes('music') && nameFits(sniffed, claimed);
      if (!ok) wrong.push(`${container.name}: ${JSON.stringify(sniffed)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reports standard MIME types a browser plays the stored file with', async () => {
    const mime = async (name: string) => (await sniffContent(encoded.find((c) => c.name === name)!.file))?.mimeType;
    expect(await mime('m4a (AAC)')).toBe('audio/mp4');
    expect(await mime('opus')).toBe('audio/ogg; codecs=opus');
    expect(await mime('ogg (Vorbis)')).toBe('audio/ogg');
    expect(await mime('mp3')).toBe('audio/mpeg');
    expect(await mime('aac (ADTS)')).toBe('audio/aac');
    expect(await mime('wma')).toBe('audio/x-ms-wma');
    expect(await mime('mp4 video (MPEG-4 + AAC)')).toBe('video/mp4');
    expect(await mime('mov video (MPEG-4 + AAC)')).toBe('video/quicktime');
    expect(await mime('webm video (VP8 + Opus)')).toBe('video/webm');
  });

  it('lets a video container be uploaded as video or music, and audio only as music', async () => {
    const audio = await sniffContent(encoded.find((c) => c.name === 'm4a (AAC)')!.file);
    const video = await sniffContent(encoded.find((c) => c.name === 'mov video (MPEG-4 + AAC)')!.file);
    expect(audio?.contentTypes).toEqual(['music']);
    expect(video?.contentTypes).toEqual(['video', 'music']);
  });

  it('does not let a name of another container fit (a WAV named .mp3, an MP3 named .m4a)', async () => {
    const wav = (await sniffContent(encoded.find((c) => c.extension === 'wav')!.file))!;
    const mp3 = (await sniffContent(encoded.find((c) => c.extension === 'mp3')!.file))!;
    expect(nameFits(wav, 'mp3')).toBe(false);
    expect(nameFits(mp3, 'm4a')).toBe(false);
    expect(nameFits(mp3, claimedExtension('Song.MP3'))).toBe(true);
  });

  it('reads a video with no sound as a video (the upload then refuses it as music)', async () => {
    const file = path.join(dir, 'silent.mp4');
    await encodeSilentVideo(file);
    expect(await sniffContent(file)).toMatchObject({ extension: 'mp4', contentTypes: ['video', 'music'] });
  });

  it('refuses random bytes, and reads a renamed text file as text', async () => {
    const junk = path.join(dir, 'junk.mp3');
    await writeFile(junk, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)));
    expect(await sniffContent(junk)).toBeNull();
    const text = path.join(dir, 'lyrics.m4a');
    await writeFile(text, 'la la la, all night long\n');
    expect(await sniffContent(text)).toMatchObject({ extension: 'txt', contentTypes: ['text'] });
  });

  it('names only extensions the upload lists, and stores only known extensions', async () => {
    for (const container of encoded) {
      const sniffed = (await sniffContent(container.file))!;
      expect(ACCEPTED_UPLOAD_EXTENSIONS).toContain(sniffed.extension);
      for (const name of sniffed.names) expect(ACCEPTED_FILE_NAME_EXTENSIONS).toContain(name);
    }
  });
});
