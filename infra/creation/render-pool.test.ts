import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderFailedError, RenderPool, RenderWorkerCrashedError, type QueueEvent } from './render-pool';
import { partsDir, type RenderProgress } from './render-song';
import { testSongMidi } from './test-midi';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'creation-pool-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('RenderPool', () => {
  it('renders in a worker and tells each job its place in line', async () => {
    const pool = new RenderPool({ size: 1 });
    try {
      const events: QueueEvent[] = [];
      pool.on('queue', (event) => events.push(event));
      const midi = testSongMidi(2);
      const progress: RenderProgress[] = [];
      const jobs = [0, 1, 2].map((n) => pool.render(midi, { outDir: path.join(dir, `q${n}`), mp3: false, onProgress: n === 0 ? (p) => progress.push(p) : undefined }));
      expect(jobs.map((job) => job.position())).toEqual([0, 1, 2]);
      expect(pool.queued).toBe(2);
      const first = await jobs[0]!.result;
      expect(first.seconds).toBeGreaterThanOrEqual(first.midiSeconds);
      expect(first.files.stems.length).toBe(6);
      expect(progress.map((p) => p.stage)).toEqual(expect.arrayContaining(['synthesize', 'loudness', 'encode']));
      const [second, third] = await Promise.all([jobs[1]!.result, jobs[2]!.result]);
      // The same MIDI gives the same files whichever job rendered it.
      expect(second.files.mixWav.sha256).toBe(first.files.mixWav.sha256);
      expect(third.files.mixWav.sha256).toBe(first.files.mixWav.sha256);
      expect(jobs.map((job) => job.position())).toEqual([null, null, null]);
      // The third job moved from 2nd in line to 1st, then to rendering.
      expect(events.filter((e) => e.id === jobs[2]!.id).map((e) => e.position)).toEqual([2, 1, 0]);
      expect(events.filter((e) => e.id === jobs[1]!.id).map((e) => e.position)).toEqual([1, 0]);
    } finally {
      await pool.close();
    }
  });

  it('fails only the job whose worker died, and goes on with a new worker', async () => {
    const pool = new RenderPool({ size: 2, workerUrl: new URL('./fixtures/crashing-render-worker.mjs', import.meta.url) });
    try {
      const midi = testSongMidi(2);
      const healthy = pool.render(midi, { outDir: path.join(dir, 'healthy'), mp3: false });
      const crashing = pool.render(testSongMidi(2, 120, [{ name: 'CRASH', channel: 0, program: 0 }]), { outDir: path.join(dir, 'crash') });
      const after = pool.render(midi, { outDir: path.join(dir, 'after'), mp3: false });
      await expect(crashing.result).rejects.toBeInstanceOf(RenderWorkerCrashedError);
      const [a, b] = await Promise.all([healthy.result, after.result]);
      expect(b.files.mixWav.sha256).toBe(a.files.mixWav.sha256);
      // Each song was rendered in two parts, one per worker, whose sample files are gone once it is written.
      expect(a.settings.parts).toBe(2);
      expect(existsSync(partsDir(path.join(dir, 'healthy')))).toBe(false);
      expect(existsSync(partsDir(path.join(dir, 'crash')))).toBe(false);
    } finally {
      await pool.close();
    }
  });

  it('rejects a job the renderer refuses with its reason, and the worker stays', async () => {
    const pool = new RenderPool({ size: 1 });
    try {
      const bad = pool.render(new TextEncoder().encode('not midi'), { outDir: path.join(dir, 'bad') });
      await expect(bad.result).rejects.toMatchObject({ kind: 'invalid_midi' });
      await expect(bad.result).rejects.toBeInstanceOf(RenderFailedError);
      const good = await pool.render(testSongMidi(1), { outDir: path.join(dir, 'good'), mp3: false }).result;
      expect(good.loudness.integratedLufs).toBeCloseTo(-14, 0);
    } finally {
      await pool.close();
    }
  });
});
