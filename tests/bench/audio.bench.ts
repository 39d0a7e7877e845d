// `npm run bench:audio`: how fast the audio engine is on this machine. It generates a 3-minute
// stereo 44.1 kHz 16-bit track, then measures in the same run:
// - decodeOnlySecondsPer3Min: ffmpeg decoding the file to null (the floor any engine pays);
// - masterSecondsPer3Min: a full master (balanced, medium) per format, wall time, with the
//   measured loudness and true peak of each master (checked by ffmpeg's ebur128) beside it.
// - fingerprintSecondsPer3Min: decoding to 11 kHz mono and the four phase fingerprints a query
//   needs (the first stage of the oracle, not the whole analysis).
// The oracle and index figures are reported as null until the oracle exists.
// The last line of stdout is one JSON object with the figures.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ebur128 } from '../../infra/audio/ebur128';
import { findFfmpeg, runFfmpeg } from '../../infra/audio/ffmpeg';
import { fingerprintQueryFile } from '../../infra/audio/fingerprint';
import { MASTER_FORMATS, masterTrack } from '../../infra/audio/mastering';
import { music, writeWav } from '../../infra/audio/test-signals';

const SECONDS = 180;
const SR = 44_100;

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'goose-bench-audio-'));
  try {
    const input = path.join(dir, 'track.wav');
    await writeWav(input, music({ seconds: SECONDS, sampleRate: SR, seed: 11 }), SR, 2, 's16');
    const ffmpeg = await findFfmpeg();

    let t = performance.now();
    await runFfmpeg(['-v', 'error', '-i', input, '-f', 'null', '-']);
    const decodeOnlySecondsPer3Min = round((performance.now() - t) / 1000);

    t = performance.now();
    await fingerprintQueryFile(input);
    const fingerprintSecondsPer3Min = round((performance.now() - t) / 1000);

    const masterSecondsPer3Min: Record<string, number> = {};
    const masters: Record<string, unknown> = {};
    for (const format of MASTER_FORMATS) {
      t = performance.now();
      const r = await masterTrack(input, { style: 'balanced', loudness: 'medium', format, outDir: path.join(dir, 'out'), name: format });
      masterSecondsPer3Min[format] = round((performance.now() - t) / 1000);
      const check = await ebur128(r.files.master);
      masters[format] = { lufs: r.lufs, peak: r.peak, ebur128Lufs: check.integratedLufs, ebur128TruePeak: check.truePeakDbtp, limiterPasses: r.measurements.limiterPasses };
      process.stderr.write(`master ${format}: ${masterSecondsPer3Min[format]} s\n`);
    }
    process.stdout.write(
      `${JSON.stringify({ ffmpeg: ffmpeg.source, decodeOnlySecondsPer3Min, masterSecondsPer3Min, masters, fingerprintSecondsPer3Min, oracleSecondsPer3Min: null, indexLookupMsP95: null })}\n`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const round = (x: number): number => Math.round(x * 100) / 100;

main().catch((error: unknown) => {
  process.stderr.write(`bench:audio failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
