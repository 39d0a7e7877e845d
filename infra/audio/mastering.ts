// Masters a track for real: a style's chain of ffmpeg filters (EQ, compression, stereo
// enhancement, harmonic saturation), then a measured loudness pass (gain into a limiter, measured
// with our BS.1770 meter, corrected) to the target loudness under a −1 dBTP true-peak ceiling. When
// the limiter alone would have to turn the loudest peak down by more than a few dB (dense music at
// the loud targets), a soft clipper shaves the peaks first and the limiter catches what is left.
//
// Every figure in the results is measured on the file that was written. Besides the master it
// writes a preview (an excerpt from the loudest part: at most 30 s and at most half the track, so it
// never stands in for the master), the master before the final limiter, and a loudness-matched A/B
// pair (original and master at the same integrated loudness).
//
// Speed (the target: a 3-minute track in at most 3 s a format on two cores) shapes the design:
// - a stereo PCM WAV input is read here, without an ffmpeg decode through a pipe;
// - the style chain is one ffmpeg filter graph reading the input file, run as two halves in
//   parallel (the second with a few seconds of warm-up that is dropped, so the filters' state at the
//   seam is the same as in one run); it starts once the input's integrated loudness is known;
// - the limiter is ours (limiter.ts: a look-ahead limiter on true peaks over the PCM in memory),
//   and its loudness search runs on a coarse envelope, so a pass costs a few milliseconds; only the
//   chosen pass is limited at full resolution, half of it on the worker, and measured;
// - the soft clipper (soft-clipper.ts) costs only the masters that need it: its drive is searched
//   on the clipped audio's loudness alone (a clip and a K-weighting sweep a drive), and only the
//   chosen drive's peaks are interpolated for the limiter;
// - the sweeps over whole tracks (true-peak interpolation, K-weighting) run as WebAssembly SIMD
//   kernels, shared with a worker thread over shared memory (parallel-dsp.ts), which also takes
//   the original's true peak while this thread limits; a second worker writes the float WAVs;
// - WAV outputs are quantized (with TPDF dither for 16-bit, in halves on both threads) and written
//   here, so the samples measured are exactly the samples in the file; an mp3 is encoded by ffmpeg
//   (its preview on the other core meanwhile) and decoded back in two halves at once to be measured;
// - the big buffers come from a Scratch the previous master handed back (fresh memory's page
//   faults cost a sixth of a master here);
// - saturation is not oversampled: 2x oversampling cost more CPU than the rest of the chain.
import { mkdir, open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodeFilteredInto, decodePcm, readAudioInfo, startEncodePcm, type AudioInfo, type StartedEncode } from './ffmpeg';
import { startMp3DecodeInHalves, startMp3InHalves, type StartedMp3, type StartedMp3Decode } from './mp3-halves';
import { amplitudeToDb, integratedLoudnessAtGain, measureLoudness, type LoudnessResult } from './loudness';
import { stereoFramePeaks } from './interpolator';
import { dspWorkerAvailable, interSamplePeakOnWorker, measureLoudnessInParallel, quantizeWavInParallel, stereoFramePeaksOnWorker, startDspWorker, writeFloatWavInBackground } from './parallel-dsp';
import { Scratch } from './scratch';
import { sharedFloat32 } from './typed-bytes';
import { quantizeWav, type QuantizedWav, type WavCodec } from './wav-file';
import { LookAheadLimiter } from './limiter';
import { softClip, type ClipMeasurement } from './soft-clipper';
import { edgePeaks } from './edge-peaks';
import { MASTER_LOUDNESS_LUFS, MASTERING_STEPS } from '../../domain/constants';

export type MasterStyle = 'warm' | 'balanced' | 'open';
export type MasterLoudness = 'low' | 'medium' | 'high';
export type MasterFormat = 'wav' | 'cd' | 'mp3';

export const MASTER_STYLES: readonly MasterStyle[] = ['warm', 'balanced', 'open'];
export const MASTER_LOUDNESS: readonly MasterLoudness[] = ['low', 'medium', 'high'];
export const MASTER_FORMATS: readonly MasterFormat[] = ['wav', 'cd', 'mp3'];

/** Integrated loudness targets in LUFS for the low, medium and high choices. */
export const LOUDNESS_TARGETS: Record<MasterLoudness, number> = MASTER_LOUDNESS_LUFS;
/** The true-peak ceiling every output respects, in dBTP. */
export const TRUE_PEAK_CEILING_DBTP = -1;
/** How far from the target the measured master may land, in LU. */
export const LOUDNESS_TOLERANCE_LU = 0.5;

export { MASTERING_STEPS };
export type MasteringStep = (typeof MASTERING_STEPS)[number];

/** One mastering progress event: a step at 100 is complete; the step `Complete` ends the run. */
export interface MasteringProgressEvent {
  step: MasteringStep | 'Complete';
  description: string;
  progress: number;
}

export interface MasterOptions {
  style: MasterStyle;
  loudness: MasterLoudness;
  format: MasterFormat;
  outDir: string;
  /** File name stem of the outputs; default the input's. */
  name?: string;
  onProgress?: (event: MasteringProgressEvent) => void;
}

export interface MasterFiles {
  master: string;
  preview: string;
  preLimiter: string;
  abOriginal: string;
  abMaster: string;
}

/** The mastering results the API returns (`metadata.mastering.results`), plus the files and the measurements behind the figures. */
export interface MasterResult {
  /** Integrated loudness of the master file, LUFS (measured). */
  lufs: number;
  /** EBU R128 loudness range (LRA) of the master file, LU (measured). */
  dynamicRange: number;
  /** True peak of the master file, dBTP (measured). */
  peak: number;
  /** What was done, in order, with the settings used. */
  processing: string[];
  files: MasterFiles;
  measurements: {
    targetLufs: number;
    inputLufs: number;
    inputTruePeakDbtp: number;
    samplePeakDbfs: number;
    /** Peak-to-loudness ratio of the master (true peak minus integrated loudness), LU. */
    peakToLoudnessRatio: number;
    /** Integrated loudness of each half of the A/B pair (its measured source's, scaled by its gain). */
    abOriginalLufs: number;
    abMasterLufs: number;
    previewStartSeconds: number;
    previewSeconds: number;
    /** Limiter passes run to land the target. */
    limiterPasses: number;
    /**
     * The soft clipper before the limiter (0 when the limiter alone held the peaks): the most one
     * sample was turned down, dB, measured on its input and output samples.
     */
    clipperGainReductionDb: number;
    /** The most the limiter turned the master down under its gain, dB, measured the same way. */
    limiterGainReductionDb: number;
    sampleRate: number;
    codec: string;
  };
}

export class MasteringError extends Error {
  readonly kind = 'mastering_failed' as const;
  constructor(message: string) {
    super(message);
    this.name = 'MasteringError';
  }
}

interface StyleChain {
  /** Why this style sounds the way it does. */
  character: string;
  eq: { filter: string; describe: string };
  compression: { filter: string; describe: string };
  stereo: { filter: string; describe: string };
  harmonic: { filter: string; describe: string };
  limiter: { attackMs: number; releaseMs: number };
}

/**
 * The chains. Each stage runs on audio normalised to −20 LUFS, so thresholds mean the same for
 * every input.
 *
 * - warm: tonal balance tilted down (low shelf up, highs rolled off), firmer slow compression for
 *   glue, the image pulled slightly to the centre, tanh saturation (odd harmonics, "tape").
 * - balanced: near-flat (sub rumble cut, a touch of air), moderate compression, a slight widening,
 *   light saturation.
 * - open: tilted up (lows trimmed, mud cut at 250 Hz, bright high shelf), gentle compression that
 *   keeps transients and dynamics, a wider side signal, an exciter adding harmonics above 5 kHz.
 */
/**
 * The EQ's biquads computed in double precision. ffmpeg 5 did so for float audio anyway; ffmpeg 7
 * and later (the pinned build, infra/toolchain) compute in single precision, where the low shelves
 * and the 25 Hz high-pass drift by up to 1e-4 between a whole run and halves run with an overlap.
 */
function biquads(graph: string): string {
  return graph
    .split(',')
    .map((filter) => `${filter}:precision=f64`)
    .join(',');
}

export const STYLE_CHAINS: Record<MasterStyle, StyleChain> = {
  warm: {
    character: 'warm: fuller lows, softer highs, denser dynamics, centred image, tape-like saturation',
    eq: {
      filter: biquads('highpass=f=25:poles=2,bass=g=3:f=110:w=0.7,equalizer=f=320:t=q:w=1:g=1,treble=g=-3:f=6000:w=0.7'),
      describe: 'EQ: high-pass 25 Hz, low shelf +3 dB at 110 Hz, +1 dB at 320 Hz, high shelf −3 dB at 6 kHz',
    },
    compression: {
      filter: 'acompressor=threshold=-24dB:ratio=3:attack=30:release=250:knee=4:makeup=1',
      describe: 'Compression: −24 dB threshold, 3:1, 30 ms attack, 250 ms release (glue)',
    },
    stereo: { filter: 'extrastereo=m=0.85:c=0', describe: 'Stereo: side signal −15 % (centred image)' },
    harmonic: {
      filter: 'asoftclip=type=tanh:threshold=0.3',
      describe: 'Saturation: tanh soft clip from −10.5 dBFS (odd harmonics)',
    },
    limiter: { attackMs: 7, releaseMs: 120 },
  },
  balanced: {
    character: 'balanced: near-flat tone, moderate compression, slightly wider, light saturation',
    eq: {
      filter: biquads('highpass=f=25:poles=2,equalizer=f=60:t=q:w=0.8:g=1,equalizer=f=3000:t=q:w=1:g=0.5,treble=g=1:f=10000:w=0.7'),
      describe: 'EQ: high-pass 25 Hz, +1 dB at 60 Hz, +0.5 dB at 3 kHz, high shelf +1 dB at 10 kHz',
    },
    compression: {
      filter: 'acompressor=threshold=-20dB:ratio=2.5:attack=20:release=150:knee=3:makeup=1',
      describe: 'Compression: −20 dB threshold, 2.5:1, 20 ms attack, 150 ms release',
    },
    stereo: { filter: 'extrastereo=m=1.1:c=0', describe: 'Stereo: side signal +10 %' },
    harmonic: {
      filter: 'asoftclip=type=tanh:threshold=0.5',
      describe: 'Saturation: tanh soft clip from −6 dBFS',
    },
    limiter: { attackMs: 5, releaseMs: 80 },
  },
  open: {
    character: 'open: leaner lows, bright airy highs, dynamics kept, wide image, exciter sparkle',
    eq: {
      filter: biquads('highpass=f=30:poles=2,bass=g=-1.5:f=150:w=0.7,equalizer=f=250:t=q:w=1:g=-1.5,treble=g=3.5:f=8000:w=0.7'),
      describe: 'EQ: high-pass 30 Hz, low shelf −1.5 dB at 150 Hz, −1.5 dB at 250 Hz, high shelf +3.5 dB at 8 kHz',
    },
    compression: {
      filter: 'acompressor=threshold=-16dB:ratio=1.8:attack=40:release=120:knee=3:makeup=1',
      describe: 'Compression: −16 dB threshold, 1.8:1, 40 ms attack (transients kept), 120 ms release',
    },
    stereo: { filter: 'extrastereo=m=1.3:c=0', describe: 'Stereo: side signal +30 % (wider image)' },
    harmonic: {
      filter: 'aexciter=amount=1.5:drive=6:freq=5000:blend=0',
      describe: 'Harmonics: exciter above 5 kHz, amount 1.5, drive 6',
    },
    limiter: { attackMs: 4, releaseMs: 60 },
  },
};

/** Level every chain starts from (LUFS). */
const CHAIN_INPUT_LUFS = -20;
/**
 * Audio run through the chain before (and after) each half when the chain runs as two halves in
 * parallel, then dropped: the compressor (release ≤ 250 ms) and the filters settle well within it,
 * so the seam carries the state one run would have had.
 */
const CHAIN_OVERLAP_SECONDS = 3;
/**
 * LAME's algorithm quality for mp3 (0 best and slowest … 9 fastest; LAME's own default is 3). At
 * 320 kbps the bit budget, not the noise-shaping search, decides the quality; 5 keeps the
 * psychoacoustic model and saves about a fifth of the encode, which is the longest step of an mp3.
 */
const MP3_ALGORITHM_QUALITY = 5;
/**
 * Loudness gained per dB of gain into the limiter (LU/dB) under which the limiter counts as
 * saturated: more gain only squares the waveform off. A track that cannot get louder stops the
 * search there (the quality check then decides), instead of dozens of passes at 40–80 dB of gain.
 */
const SATURATED_LIMITER_SLOPE = 0.02;
/**
 * Most gain reduction (dB, at the loudest peak) the limiter is given alone. A look-ahead limiter
 * ducks whole stretches around a peak, so past a few dB it pumps and then stalls (more gain only
 * holds the envelope at the ceiling); beyond this the soft clipper shaves the peaks first.
 */
const LIMITER_ALONE_MAX_DB = 6;
/**
 * Gain (dB) left to the limiter behind the clipper, whose limit sits this far under the ceiling: the
 * gain brings the clipped peaks up to the ceiling, and the limiter catches what the clipper lets
 * through between samples. With the clip at the ceiling itself those inter-sample peaks stalled the
 * limiter (+21 dB of gain for 2 LU on a real piece); 2 dB under it, +2 dB did it.
 */
const LIMITER_BEHIND_CLIPPER_DB = 2;
/** The clipper bends over from this far (dB) under its limit. */
const CLIPPER_KNEE_DB = 3;
/** Drive into the clipper (dB over the gain that puts the chain's output at the target) at most. */
const CLIPPER_MAX_EXTRA_DRIVE_DB = 12;
/**
 * How near its aim (LU) the clipped track's loudness must land: the limiter's gain search takes up
 * the rest, so this only sets the split between the two, and each drive tried costs a clip and a
 * K-weighting sweep over the whole track.
 */
const CLIPPED_LOUDNESS_TOLERANCE_LU = 0.5;
/** Drives tried (each clipped and K-weighted) to land the clipped track's loudness. */
const CLIPPER_DRIVE_STEPS = 3;
/** Times the clipper is driven harder when the limiter behind it still cannot reach the target. */
const CLIPPER_ROUNDS = 3;

/** The soft clipper's setting and what it measured doing. */
type ClipperSetting = ClipMeasurement & { driveDb: number; limitDb: number };
/** ffmpeg's output arguments for an mp3 master; bench:audio times LAME alone with them. */
export const MP3_ARGS: readonly string[] = ['-c:a', 'libmp3lame', '-b:a', '320k', '-compression_level', String(MP3_ALGORITHM_QUALITY)];
/**
 * An mp3 master's preview: a listening sample cut from the master's samples, encoded at 192 kbps
 * and LAME's algorithm quality 7, which takes about a fifth less CPU than the master's settings
 * (the preview is the last encode an mp3 master waits for). Nothing is measured on it; the master
 * itself, and everything reported, stays at MP3_ARGS.
 */
const PREVIEW_MP3_ARGS: readonly string[] = ['-c:a', 'libmp3lame', '-b:a', '192k', '-compression_level', '7'];

interface ExportPlan {
  ext: 'wav' | 'mp3';
  /** Set for WAV outputs, which are quantized and written here. */
  wavCodec: WavCodec | null;
  codec: string;
  /** The output's rate, which the whole chain runs at, so nothing is resampled after the limiter. */
  sampleRate: number;
  /** Planned true-peak headroom below the ceiling: codecs overshoot. */
  marginDb: number;
}

function exportPlan(format: MasterFormat, info: AudioInfo): ExportPlan {
  const sr = info.sampleRate;
  if (format === 'cd') return { ext: 'wav', wavCodec: 'pcm_s16le', codec: 'pcm_s16le', sampleRate: 44_100, marginDb: 0.2 };
  if (format === 'mp3') return { ext: 'mp3', wavCodec: null, codec: 'libmp3lame 320k', sampleRate: sr > 48_000 ? 48_000 : sr, marginDb: 0.8 };
  // wav keeps the input's rate and bit depth; lossy inputs (no bit depth) get 24-bit.
  const fmt = info.sampleFormat ?? '';
  const bits = info.bitsPerSample;
  let codec: WavCodec = 'pcm_s24le';
  if (!info.lossless) codec = 'pcm_s24le';
  else if (fmt.startsWith('flt') && bits !== 64) codec = 'pcm_f32le';
  else if (bits === 16) codec = 'pcm_s16le';
  else if (bits === 32 && fmt.startsWith('s32')) codec = 'pcm_s32le';
  return { ext: 'wav', wavCodec: codec, codec, sampleRate: sr, marginDb: 0.2 };
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
const dbToGain = (db: number): number => 10 ** (db / 20);
const fmtDb = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}`;

/** The measurement with its true peak taken at the track's ends too (see edge-peaks.ts). */
function withEdgePeaks(measured: LoudnessResult, pcm: Float32Array): LoudnessResult {
  return { ...measured, truePeakDbtp: Math.max(measured.truePeakDbtp, amplitudeToDb(edgePeaks(pcm))) };
}

/** The longest a preview runs, in seconds. */
export const PREVIEW_MAX_SECONDS = 30;
/** The largest share of a track a preview may hold: it is an excerpt, never the whole track. */
export const PREVIEW_MAX_SHARE = 0.5;

/**
 * A preview's length: 30 s, or half the track when that is shorter. The free preview is mastered
 * like the paid master, so a preview of a whole short track would be that track's master for free.
 */
export function previewSecondsOf(trackSeconds: number): number {
  return Math.min(PREVIEW_MAX_SECONDS, trackSeconds * PREVIEW_MAX_SHARE);
}

/** Start (in 100 ms segments) of the `width`-segment window with the most K-weighted energy. */
function loudestWindow(segmentPower: Float64Array, width: number): number {
  if (segmentPower.length <= width) return 0;
  let acc = 0;
  for (let i = 0; i < width; i++) acc += segmentPower[i]!;
  let best = acc;
  let bestStart = 0;
  for (let i = 1; i + width <= segmentPower.length; i++) {
    acc += segmentPower[i + width - 1]! - segmentPower[i - 1]!;
    if (acc > best) {
      best = acc;
      bestStart = i;
    }
  }
  return bestStart;
}

export async function masterTrack(input: string, options: MasterOptions): Promise<MasterResult> {
  // Processes started ahead of their input (an mp3's encoders and decoders, see startFfmpeg): a
  // master that fails before it feeds them kills them.
  const started: { cancel(): void }[] = [];
  try {
    return await master(input, options, started);
  } finally {
    for (const process of started) process.cancel();
  }
}

/** An mp3 master's processes: its two LAME halves, the preview's encoder, the check's two decodes. */
interface Mp3Export {
  master: StartedMp3;
  preview: StartedEncode;
  check: StartedMp3Decode;
}

async function master(input: string, options: MasterOptions, started: { cancel(): void }[]): Promise<MasterResult> {
  const chain = STYLE_CHAINS[options.style];
  const targetLufs = LOUDNESS_TARGETS[options.loudness];
  if (!chain) throw new MasteringError(`Unknown style: ${options.style}`);
  if (targetLufs === undefined) throw new MasteringError(`Unknown loudness: ${options.loudness}`);
  if (!MASTER_FORMATS.includes(options.format)) throw new MasteringError(`Unknown format: ${options.format}`);
  // A missing input is the caller's problem, not the audio's: let it surface as the plain ENOENT.
  await stat(input);
  startDspWorker();
  const scratch = new Scratch();
  const emit = (step: MasteringProgressEvent['step'], progress: number, description: string): void => options.onProgress?.({ step, description, progress });
  const processing: string[] = [];
  const stage = async <T>(step: MasteringStep, description: string, work: () => Promise<T> | T): Promise<T> => {
    emit(step, 0, description);
    const result = await work();
    emit(step, 100, description);
    return result;
  };

  // 2–5. The style's chain as one ffmpeg graph: every sample goes through EQ, compression, stereo
  // and saturation in that order, so all four stages start when the graph starts and finish when
  // the last sample leaves it; they are reported that way, in chain order.
  const chainStages = [
    ['EQ processing', chain.eq],
    ['compression', chain.compression],
    ['stereo enhancement', chain.stereo],
    ['harmonic processing', chain.harmonic],
  ] as const;

  // 1. Analysis: decode (stereo at the output's rate) and measure the original. The chain needs
  // only the integrated loudness, so it starts as soon as that is known. The original's true peak
  // is measured later, on the worker while this thread limits, when neither core runs ffmpeg.
  const { info, plan, original, inputLoudness, preGain, chainOutput } = await stage('audio analysis', 'Decoding and measuring the original (BS.1770 loudness)', async () => {
    const wav = await readStereoWav(input, scratch);
    const info = wav?.info ?? (await readAudioInfo(input));
    const plan = exportPlan(options.format, info);
    const original = wav && wav.info.sampleRate === plan.sampleRate ? wav.pcm : await decodePcm(input, { sampleRate: plan.sampleRate, channels: 2 });
    const loudness = measureLoudness(original, plan.sampleRate, 2, { truePeak: false });
    if (!Number.isFinite(loudness.integratedLufs)) throw new MasteringError('The input is silent: there is nothing to master');
    const preGain = Math.max(-30, Math.min(30, CHAIN_INPUT_LUFS - loudness.integratedLufs));
    const graph = [`volume=${preGain.toFixed(2)}dB`, ...chainStages.map(([, { filter }]) => filter)].join(',');
    const chainOutput = runStyleChain(input, plan.sampleRate, original.length / 2, graph, { out: scratch.float32(original.length) });
    // Awaited after the analysis; this only keeps an early failure from counting as unhandled.
    chainOutput.catch(() => undefined);
    return { info, plan, original, inputLoudness: loudness, preGain, chainOutput };
  });
  const sr = plan.sampleRate;
  const frames = original.length / 2;
  processing.push(`Style ${chain.character}`);

  const tpTarget = (): number => TRUE_PEAK_CEILING_DBTP - plan.marginDb;
  await mkdir(options.outDir, { recursive: true });
  const stem = options.name ?? path.basename(input, path.extname(input));
  const file = (suffix: string, ext: string): string => path.join(options.outDir, `${stem}.${suffix}.${ext}`);
  // The pre-limiter master and the A/B pair are 32-bit float WAV whatever the format: the first is
  // the file a creator limits themselves, so it keeps every bit; the pair is for listening side by
  // side, and a float file is the signal times its gain, with no quantization to add.
  const files: MasterFiles = {
    master: file('master', plan.ext),
    preview: file('preview', plan.ext),
    preLimiter: file('pre-limiter', 'wav'),
    abOriginal: file('ab-original', 'wav'),
    abMaster: file('ab-master', 'wav'),
  };
  // Files written or rendered in the background, awaited together at the end of the export. The
  // no-op handler only keeps a failure that comes before then from counting as unhandled.
  const writes: Promise<void>[] = [];
  const inBackground = (work: Promise<void>): void => {
    work.catch(() => undefined);
    writes.push(work);
  };
  const writeFloatWav = (target: string, pcm: Float32Array, gainDb: number): void => inBackground(writeFloatWavInBackground(target, pcm, sr, dbToGain(gainDb)));
  // An mp3 master's ffmpeg processes, started while a core idles (see startFfmpeg): the limiter's
  // search runs on this thread alone.
  const startMp3Export = (): Mp3Export => {
    const mp3: Mp3Export = { master: startMp3InHalves(frames, sr, files.master, MP3_ARGS), preview: startEncodePcm(sr, 2, files.preview, PREVIEW_MP3_ARGS), check: startMp3DecodeInHalves(sr, frames) };
    started.push(mp3.master, mp3.preview, mp3.check);
    return mp3;
  };
  let mp3Export: Mp3Export | null = null;

  for (const [step, { describe }] of chainStages) emit(step, 0, describe);
  const preLimiter = await chainOutput;
  // Known up from here on, the workers take each share the moment it is asked for.
  await dspWorkerAvailable();
  for (const [step, { describe }] of chainStages) emit(step, 100, describe);
  processing.push(`Gain staging: ${fmtDb(preGain)} dB to ${CHAIN_INPUT_LUFS} LUFS`, ...chainStages.map(([, { describe }]) => describe));

  // 6. Limiting: gain into the look-ahead limiter, searched on the limiter's loudness estimate, the
  // chosen pass measured, and corrected until the measured loudness lands.
  let ceilingDb = tpTarget() - 0.3;
  let passes = 0;
  let measuredPasses = 0;
  let gainDb = 0;
  // Measured minus estimated loudness at the last measured pass: the estimate's own error.
  let estimateBias = 0;
  let estimatedLufs = Number.NaN;
  // Set when more gain stopped buying loudness: the search then ends where it is.
  let saturated = false;
  // The limiter's peaks: the worker interpolates the later frames' gaps while this thread K-weights
  // the chain's output, then does the earlier ones (K-weighting takes about half as long).
  const preLimiterPeaks = scratch.float32(frames);
  const split = Math.floor(frames * 0.4);
  const laterPeaks = stereoFramePeaksOnWorker(preLimiter, split, frames, preLimiterPeaks);
  // The original's true peak, for the report and the A/B pair: queued on the worker behind the
  // limiter's peaks, it runs while this thread searches and shapes.
  const originalPeak = interSamplePeakOnWorker(original, 2);
  // The A/B pair sits at the lowest loudness the master may measure (so the master is only ever
  // turned down, never over its ceiling), lower still if the original is quieter or would peak over
  // the ceiling. Each half is 32-bit float, a measured signal times a gain and nothing else, so its
  // loudness follows exactly from that measurement (K-weighting is linear). The original's half is
  // written as soon as its true peak is known, by the writer thread while this one limits.
  const abOriginal = originalPeak.then((peak) => {
    const inputTruePeakDbtp = Math.max(inputLoudness.samplePeakDbfs, amplitudeToDb(Math.max(peak, edgePeaks(original))));
    const originalHeadroom = tpTarget() - inputTruePeakDbtp;
    const abLufs = Math.min(inputLoudness.integratedLufs, targetLufs - LOUDNESS_TOLERANCE_LU, inputLoudness.integratedLufs + originalHeadroom);
    const abOriginalGainDb = abLufs - inputLoudness.integratedLufs;
    writeFloatWav(files.abOriginal, original, abOriginalGainDb);
    return { inputTruePeakDbtp, abLufs, abOriginalLufs: integratedLoudnessAtGain(inputLoudness, abOriginalGainDb) };
  });
  abOriginal.catch(() => undefined);
  const preLimiterPower = scratch.float32(frames);
  const preLimiterLufs = measureLoudness(preLimiter, sr, 2, { truePeak: false, loudnessRange: false, framePower: preLimiterPower }).integratedLufs;
  stereoFramePeaks(preLimiter, 0, split, preLimiterPeaks);
  await laterPeaks;
  edgePeaks(preLimiter, preLimiterPeaks);
  const limiter = new LookAheadLimiter(preLimiter, preLimiterPower, preLimiterPeaks, sr, Math.round((chain.limiter.attackMs / 1000) * sr), (chain.limiter.releaseMs / 1000) * sr, (length) => scratch.float32(length));
  // Loudness rises less than the gain once the limiter works hard: correct along the measured slope.
  const landLoudness = async (tolerance: number): Promise<void> => {
    let prev: { gain: number; lufs: number } | null = null;
    saturated = false;
    for (let attempt = 1; ; attempt++) {
      passes++;
      estimatedLufs = limiter.estimateLoudness(gainDb, ceilingDb);
      const lufs = estimatedLufs + estimateBias;
      const err = targetLufs - lufs;
      if (Math.abs(err) <= tolerance || attempt === 8) return;
      let slope = 1;
      if (prev && Math.abs(gainDb - prev.gain) > 0.05) slope = (lufs - prev.lufs) / (gainDb - prev.gain);
      if (err > 0 && slope < SATURATED_LIMITER_SLOPE) {
        saturated = true;
        return;
      }
      slope = Math.max(0.15, Math.min(1, slope));
      prev = { gain: gainDb, lufs };
      gainDb += Math.max(-12, Math.min(12, err / slope));
    }
  };
  // What the listener gets: for WAV the quantized samples written to the file, for mp3 the limited
  // audio (the encoded file is measured again after export).
  const finalize = async (): Promise<{ limited: Float32Array; wav: QuantizedWav | null; m: LoudnessResult }> => {
    measuredPasses++;
    const limited = await limiter.run(gainDb, ceilingDb);
    const wav = plan.wavCodec ? await quantizeWavInParallel(limited, sr, plan.wavCodec, 1, scratch) : null;
    // An mp3's true peak is measured on the decoded file after export; before encoding, the
    // limiter's own ceiling is what holds it, so only the loudness is measured here.
    const m = wav ? withEdgePeaks(await measureLoudnessInParallel(wav.samples, sr, 2), wav.samples) : measureLoudness(limited, sr, 2, { truePeak: false, loudnessRange: false });
    estimateBias = m.integratedLufs - estimatedLufs;
    return { limited, wav, m };
  };
  // Lower the ceiling by any true-peak overshoot and correct the gain by the loudness still missing.
  const correct = (m: LoudnessResult, tpAllowed: number, loudnessAllowed: number): boolean => {
    const tpOver = Number.isNaN(m.truePeakDbtp) ? 0 : m.truePeakDbtp - tpAllowed;
    const off = targetLufs - m.integratedLufs;
    const gainBuysNothing = saturated && off > 0;
    if (tpOver <= 0 && (Math.abs(off) <= loudnessAllowed || gainBuysNothing)) return false;
    if (tpOver > 0) ceilingDb -= tpOver + 0.1;
    if (!gainBuysNothing) gainDb += off;
    return true;
  };
  // How far the loudest peak goes over the ceiling at the current gain: the most the limiter turns down.
  const limiterShareDb = (): number => gainDb + amplitudeToDb(limiter.truePeak()) - ceilingDb;
  // The soft clipper, set when the limiter alone would work too hard. Its output replaces the
  // chain's under the limiter. The drive is searched on the clipped audio's measured loudness alone
  // (clip and K-weight, no peaks, no limiter): the clipper brings the track to
  // LIMITER_BEHIND_CLIPPER_DB under the target with its peaks as far under the ceiling, which
  // leaves the limiter that much gain. Only the chosen drive's peaks are interpolated.
  let clipper = null as ClipperSetting | null;
  // Its buffers, taken once: an mp3 whose codec overshoots clips again under a lower ceiling.
  let clipBuffers: { clipped: Float32Array; clippedPower: Float32Array; clippedPeaks: Float32Array } | null = null;
  const engageClipper = async (): Promise<void> => {
    clipBuffers ??= { clipped: scratch.float32(preLimiter.length), clippedPower: scratch.float32(frames), clippedPeaks: scratch.float32(frames) };
    const { clipped, clippedPower, clippedPeaks } = clipBuffers;
    const limitDb = ceilingDb - LIMITER_BEHIND_CLIPPER_DB;
    const limit = dbToGain(limitDb);
    const knee = limit * dbToGain(-CLIPPER_KNEE_DB);
    const clipAt = (driveDb: number): number => {
      clipper = { ...softClip(preLimiter, clipped, dbToGain(driveDb), knee, limit), driveDb, limitDb };
      return measureLoudness(clipped, sr, 2, { truePeak: false, loudnessRange: false, framePower: clippedPower }).integratedLufs;
    };
    const maxDriveDb = targetLufs - preLimiterLufs + CLIPPER_MAX_EXTRA_DRIVE_DB;
    let clippedTargetLufs = targetLufs - LIMITER_BEHIND_CLIPPER_DB;
    let driveDb = clippedTargetLufs - preLimiterLufs;
    for (let round = 1; ; round++) {
      // Clipping takes loudness as it takes peaks: correct along the measured slope.
      let lufs = clipAt(driveDb);
      let prev: { driveDb: number; lufs: number } | null = null;
      for (let step = 0; step < CLIPPER_DRIVE_STEPS && Math.abs(clippedTargetLufs - lufs) > CLIPPED_LOUDNESS_TOLERANCE_LU && driveDb < maxDriveDb; step++) {
        const slope = prev && Math.abs(driveDb - prev.driveDb) > 0.05 ? Math.max(0.1, Math.min(1, (lufs - prev.lufs) / (driveDb - prev.driveDb))) : 1;
        prev = { driveDb, lufs };
        driveDb = Math.min(maxDriveDb, driveDb + Math.max(-6, Math.min(6, (clippedTargetLufs - lufs) / slope)));
        lufs = clipAt(driveDb);
      }
      const laterClippedPeaks = stereoFramePeaksOnWorker(clipped, split, frames, clippedPeaks);
      stereoFramePeaks(clipped, 0, split, clippedPeaks);
      await laterClippedPeaks;
      edgePeaks(clipped, clippedPeaks);
      limiter.load(clipped, clippedPower, clippedPeaks);
      gainDb = targetLufs - lufs;
      await landLoudness(0.05);
      // A limiter that stalls behind the clipper, or needs far more gain than it was left, gets a
      // louder clipped track to work from.
      const limiterStalls = saturated || gainDb > LIMITER_BEHIND_CLIPPER_DB + 3;
      if (!limiterStalls || round === CLIPPER_ROUNDS || driveDb >= maxDriveDb) return;
      clippedTargetLufs += 1;
    }
  };
  const limited = await stage('limiting', `Gain into a soft clipper if needed and a look-ahead limiter toward ${targetLufs} LUFS under ${TRUE_PEAK_CEILING_DBTP} dBTP`, async () => {
    // The pre-limiter master: the chain's output with its true peak brought to the ceiling.
    const preLimiterGainDb = tpTarget() - amplitudeToDb(limiter.truePeak());
    writeFloatWav(files.preLimiter, preLimiter, preLimiterGainDb);
    if (!plan.wavCodec) mp3Export = startMp3Export();
    gainDb = targetLufs - preLimiterLufs;
    await landLoudness(0.05);
    if (saturated || limiterShareDb() > LIMITER_ALONE_MAX_DB) await engageClipper();
    let candidate = await finalize();
    for (let retry = 0; retry < 3 && correct(candidate.m, tpTarget(), 0.25); retry++) {
      await landLoudness(0.05);
      candidate = await finalize();
    }
    return candidate;
  });
  let final = limited;

  const { inputTruePeakDbtp, abLufs, abOriginalLufs } = await abOriginal;
  processing.unshift(`Analysis: ${round1(inputLoudness.integratedLufs)} LUFS, ${round1(inputTruePeakDbtp)} dBTP, LRA ${round1(inputLoudness.loudnessRangeLu)} LU, ${info.sampleRate} Hz`);

  // A target out of reach: what was reached, what stopped it, and the next loudness down.
  const outOfReach = (reached: LoudnessResult): MasteringError => {
    const limiting = limiter.measureGainReduction(gainDb);
    const done = clipper
      ? `with its peaks shaved by up to ${round1(clipper.peakReductionDb)} dB in the soft clipper and up to ${round1(limiting.peakDb)} dB of limiting`
      : `with up to ${round1(limiting.peakDb)} dB of limiting`;
    const plrNeeded = round1(TRUE_PEAK_CEILING_DBTP - targetLufs);
    const why =
      reached.integratedLufs < targetLufs
        ? `more drive only squares the waveform off: this music's peak-to-loudness ratio does not come down to the ${plrNeeded} dB the target needs without audible distortion`
        : 'the master came out louder than the target';
    const lower = MASTER_LOUDNESS[MASTER_LOUDNESS.indexOf(options.loudness) - 1];
    const suggestion = lower && reached.integratedLufs < targetLufs ? `; try ${lower} (${LOUDNESS_TARGETS[lower]} LUFS)` : '';
    return new MasteringError(
      `Could not reach ${targetLufs} LUFS under a ${TRUE_PEAK_CEILING_DBTP} dBTP ceiling: the master reaches ${round1(reached.integratedLufs)} LUFS and ${round1(reached.truePeakDbtp)} dBTP ${done}; ${why}${suggestion}`,
    );
  };

  // 7. Quality check on the final samples before they are written.
  const checkWhat = plan.wavCodec ? 'integrated loudness and true peak' : "the limited audio's loudness (the encoded file's true peak is checked after encoding)";
  await stage('quality check', `Checking ${checkWhat} against the targets`, () => {
    const { m } = final;
    if (Math.abs(m.integratedLufs - targetLufs) > LOUDNESS_TOLERANCE_LU) throw outOfReach(m);
    if (m.truePeakDbtp > TRUE_PEAK_CEILING_DBTP) throw new MasteringError(`True peak ${round1(m.truePeakDbtp)} dBTP is over the ceiling`);
  });

  // 8. Export: the master, a preview and the master's half of the A/B pair.
  const exported = await stage('export', `Encoding ${options.format} (${plan.codec}, ${sr} Hz), preview, pre-limiter master and A/B pair`, async () => {
    const previewSeconds = previewSecondsOf(frames / sr);
    const previewOf = (m: LoudnessResult): { startFrame: number; pcm: Float32Array } => {
      const startSeg = loudestWindow(m.segmentPower, Math.round(previewSeconds / m.segmentSeconds));
      const startFrame = Math.round(startSeg * m.segmentSeconds * sr);
      const pcm = final.limited.slice(startFrame * 2, (startFrame + Math.round(previewSeconds * sr)) * 2);
      applyFades(pcm, sr, Math.min(1, previewSeconds / 4));
      return { startFrame, pcm };
    };

    let preview = previewOf(final.m);
    let written = final.m;
    let masterSamples = final.wav?.samples;
    if (final.wav) {
      inBackground(writeWhole(files.master, final.wav.file));
      inBackground(writeWhole(files.preview, quantizeWav(preview.pcm, sr, plan.wavCodec!, 2).file));
    } else {
      // LAME is the long pole: the master is encoded in two halves at once, one per core
      // (mp3-halves.ts); the preview (cut from the master's samples) follows, beside the check (the
      // written file decoded and measured). A third encoder beside the halves would share a core
      // with one of them, which would then finish late. Every process was started during limiting.
      let mp3 = mp3Export ?? startMp3Export();
      let encoded = mp3.master.encode(final.limited);
      const [previewEncoder, firstPreview] = [mp3.preview, preview.pcm];
      let previewEncoded = encoded.then(() => previewEncoder.encode(firstPreview));
      previewEncoded.catch(() => undefined);
      for (let retry = 0; ; retry++) {
        masterSamples = await mp3.check.decode(await encoded);
        written = withEdgePeaks(await measureLoudnessInParallel(masterSamples, sr, 2), masterSamples);
        const tpOver = written.truePeakDbtp - (TRUE_PEAK_CEILING_DBTP - 0.05);
        if (retry === 2 || !correct(written, TRUE_PEAK_CEILING_DBTP - 0.05, LOUDNESS_TOLERANCE_LU - 0.1)) break;
        // The codec moved it: more headroom for the codec, then clip and limit (the clipper's
        // limit follows the ceiling down, so the limiter keeps its share) and encode again.
        if (tpOver > 0) plan.marginDb += tpOver + 0.15;
        ceilingDb = Math.min(ceilingDb, tpTarget() - 0.3);
        const next = startMp3Export();
        if (clipper) await engageClipper();
        else await landLoudness(0.05);
        final = await finalize();
        mp3 = next;
        encoded = mp3.master.encode(final.limited);
        preview = previewOf(final.m);
        const redone = preview.pcm;
        previewEncoded = Promise.all([previewEncoded, encoded]).then(() => next.preview.encode(redone));
        previewEncoded.catch(() => undefined);
      }
      inBackground(previewEncoded);
      if (Math.abs(written.integratedLufs - targetLufs) > LOUDNESS_TOLERANCE_LU) throw outOfReach(written);
      if (written.truePeakDbtp > TRUE_PEAK_CEILING_DBTP) {
        throw new MasteringError(`The encoded mp3 measures ${round1(written.integratedLufs)} LUFS and ${round1(written.truePeakDbtp)} dBTP, outside ${targetLufs} ± ${LOUDNESS_TOLERANCE_LU} LUFS under ${TRUE_PEAK_CEILING_DBTP} dBTP`);
      }
    }
    const abMasterGainDb = abLufs - written.integratedLufs;
    writeFloatWav(files.abMaster, masterSamples!, abMasterGainDb);
    const abMasterLufs = integratedLoudnessAtGain(written, abMasterGainDb);
    // Measured on the final pass's samples, the limiter's input against its output, while the
    // writer thread writes.
    const limiting = limiter.measureGainReduction(gainDb);
    await Promise.all(writes);
    return { written, limiting, startFrame: preview.startFrame, previewSeconds, abOriginalLufs, abMasterLufs, abLufs };
  });

  const { written, limiting } = exported;
  processing.push(
    clipper
      ? `Soft clipping: ${fmtDb(clipper.driveDb)} dB into a soft clipper (limit ${round1(clipper.limitDb)} dBFS, knee ${CLIPPER_KNEE_DB} dB under it): gain reduction up to ${round1(clipper.peakReductionDb)} dB, ${round1(clipper.powerReductionDb)} dB of the power, ${round1(clipper.clippedShare * 100)} % of the samples over the knee`
      : `Soft clipping: none (the limiter alone needed under ${LIMITER_ALONE_MAX_DB} dB of gain reduction)`,
    `Limiting: ${fmtDb(gainDb)} dB into a look-ahead limiter on 4x-interpolated peaks (ceiling ${round1(ceilingDb)} dBFS, ${chain.limiter.attackMs} ms attack, ${chain.limiter.releaseMs} ms release): gain reduction up to ${round1(limiting.peakDb)} dB, ${round1(limiting.powerDb)} dB of the power; ${passes} pass(es) on the coarse envelope's loudness estimate, ${measuredPasses} measured`,
    `Quality check: ${round1(written.integratedLufs)} LUFS (target ${targetLufs}), true peak ${round1(written.truePeakDbtp)} dBTP (ceiling ${TRUE_PEAK_CEILING_DBTP})`,
    `Export: ${options.format} (${plan.codec}, ${sr} Hz${plan.wavCodec === 'pcm_s16le' ? ', triangular dither' : ''}); pre-limiter master and A/B pair as 32-bit float WAV`,
    `Preview: ${round1(exported.previewSeconds)} s from ${round1(exported.startFrame / sr)} s (loudest part)${plan.wavCodec ? '' : ', mp3 at 192 kbps'}`,
    `A/B pair at ${round1(exported.abLufs)} LUFS: original ${round1(exported.abOriginalLufs)}, master ${round1(exported.abMasterLufs)}`,
  );
  const result: MasterResult = {
    lufs: round1(written.integratedLufs),
    dynamicRange: round1(written.loudnessRangeLu),
    peak: round1(written.truePeakDbtp),
    processing,
    files,
    measurements: {
      targetLufs,
      inputLufs: round1(inputLoudness.integratedLufs),
      inputTruePeakDbtp: round1(inputTruePeakDbtp),
      samplePeakDbfs: round1(written.samplePeakDbfs),
      peakToLoudnessRatio: round1(written.truePeakDbtp - written.integratedLufs),
      abOriginalLufs: round1(exported.abOriginalLufs),
      abMasterLufs: round1(exported.abMasterLufs),
      previewStartSeconds: round1(exported.startFrame / sr),
      previewSeconds: round1(exported.previewSeconds),
      limiterPasses: passes,
      clipperGainReductionDb: round1(clipper?.peakReductionDb ?? 0),
      limiterGainReductionDb: round1(limiting.peakDb),
      sampleRate: sr,
      codec: plan.codec,
    },
  };
  // Every write and every worker task is done: the next master may have the buffers.
  scratch.release();
  emit('Complete', 100, `Mastered: ${result.lufs} LUFS, ${result.peak} dBTP`);
  return result;
}

/**
 * Runs the chain's graph over the input file at `sampleRate`, as two halves in parallel when the
 * track is at least `splitFromSeconds` long (default: long enough for the overlap to be cheap), into
 * `out` (default: a new shared buffer). Each half runs over CHAIN_OVERLAP_SECONDS more on its inner
 * side, which is dropped. Exported for the test that the split gives the same audio as one run.
 */
export async function runStyleChain(
  input: string,
  sampleRate: number,
  frames: number,
  graph: string,
  { out = sharedFloat32(frames * 2), splitFromSeconds = 8 * CHAIN_OVERLAP_SECONDS }: { out?: Float32Array; splitFromSeconds?: number } = {},
): Promise<Float32Array> {
  const overlap = Math.round(CHAIN_OVERLAP_SECONDS * sampleRate);
  // Each part is read straight into its place in `out`; the caller's frame count is the length.
  const runInto = async (filters: string, fromFrame: number, toFrame: number): Promise<void> => {
    const samples = (toFrame - fromFrame) * 2;
    const read = await decodeFilteredInto(input, { sampleRate, channels: 2, filters }, out, fromFrame * 2, samples);
    if (read < samples) throw new MasteringError('The style chain returned less audio than it was given');
  };
  // Each half needs a full overlap of audio on its inner side.
  if (frames < Math.max(splitFromSeconds * sampleRate, 2 * overlap)) {
    await runInto(graph, 0, frames);
    return out;
  }
  const half = Math.floor(frames / 2);
  // Timestamps counted in samples from the first decoded one, so the trims cut at exact samples.
  await Promise.all([
    runInto(`asetpts=N/SR/TB,atrim=end_sample=${half + overlap},${graph}`, 0, half),
    runInto(`asetpts=N/SR/TB,atrim=start_sample=${half - overlap},asetpts=N/SR/TB,${graph},asetpts=N/SR/TB,atrim=start_sample=${overlap}`, half, frames),
  ]);
  return out;
}

/**
 * Decodes an mp3 master back to float PCM at `sampleRate`, `frames` long, as two ffmpeg processes
 * in parallel (see startMp3DecodeInHalves): its samples equal a single decode's to the bit (a test
 * checks). Exported for that test.
 */
export async function decodeInHalves(file: string, sampleRate: number, frames: number): Promise<Float32Array> {
  return startMp3DecodeInHalves(sampleRate, frames).decode(await readFile(file));
}

/** Linear fades in and out over `seconds`, in place (ffmpeg's afade default shape). */
function applyFades(pcm: Float32Array, sampleRate: number, seconds: number): void {
  const frames = pcm.length / 2;
  const fade = Math.min(Math.floor(frames / 2), Math.round(seconds * sampleRate));
  for (let n = 0; n < fade; n++) {
    const g = n / fade;
    pcm[2 * n] = pcm[2 * n]! * g;
    pcm[2 * n + 1] = pcm[2 * n + 1]! * g;
    const tail = frames - 1 - n;
    pcm[2 * tail] = pcm[2 * tail]! * g;
    pcm[2 * tail + 1] = pcm[2 * tail + 1]! * g;
  }
}

/** Writes a whole file with one write request, which runs on libuv's pool while this thread computes. */
async function writeWhole(target: string, data: Uint8Array): Promise<void> {
  const handle = await open(target, 'w');
  try {
    for (let done = 0; done < data.length; ) done += (await handle.write(data, done, data.length - done)).bytesWritten;
  } finally {
    await handle.close();
  }
}

/**
 * Reads a stereo integer (16/24/32-bit) or 32-bit float PCM WAV into float PCM, scaled as ffmpeg
 * decodes it; null for anything else (ffmpeg decodes those).
 */
async function readStereoWav(file: string, scratch: Scratch): Promise<{ info: AudioInfo; pcm: Float32Array } | null> {
  const handle = await open(file, 'r');
  let bytes: Buffer;
  try {
    const riff = Buffer.alloc(12);
    const { bytesRead } = await handle.read(riff, 0, 12, 0);
    if (bytesRead < 12 || riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WAVE') return null;
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | null = null;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16) {
      let tag = bytes.readUInt16LE(body);
      if (tag === 0xfffe && size >= 26) tag = bytes.readUInt16LE(body + 24);
      format = { tag, channels: bytes.readUInt16LE(body + 2), sampleRate: bytes.readUInt32LE(body + 4), bits: bytes.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format || format.channels !== 2) return null;
      const isFloat = format.tag === 3 && format.bits === 32;
      const isInt = format.tag === 1 && (format.bits === 16 || format.bits === 24 || format.bits === 32);
      if (!isFloat && !isInt) return null;
      const bytesPerSample = format.bits / 8;
      const end = Math.min(bytes.length, body + size);
      const count = Math.floor((end - body) / bytesPerSample / 2) * 2;
      const pcm = scratch.float32(count);
      if (bytesPerSample === 2 && !isFloat && (bytes.byteOffset + body) % 2 === 0) {
        const ints = new Int16Array(bytes.buffer, bytes.byteOffset + body, count);
        for (let i = 0; i < count; i++) pcm[i] = ints[i]! * (1 / 32768);
      } else {
        for (let i = 0, o = body; i < count; i++, o += bytesPerSample) {
          if (isFloat) pcm[i] = bytes.readFloatLE(o);
          else if (bytesPerSample === 2) pcm[i] = bytes.readInt16LE(o) / 32768;
          else if (bytesPerSample === 3) pcm[i] = bytes.readIntLE(o, 3) / 8_388_608;
          else pcm[i] = bytes.readInt32LE(o) / 2_147_483_648;
        }
      }
      const codec = isFloat ? 'pcm_f32le' : `pcm_s${format.bits}le`;
      const info: AudioInfo = {
        sampleRate: format.sampleRate,
        channels: 2,
        sampleFormat: isFloat ? 'flt' : format.bits === 16 ? 's16' : 's32',
        bitsPerSample: format.bits,
        codec,
        lossless: true,
        durationSeconds: count / 2 / format.sampleRate,
      };
      return { info, pcm };
    }
    offset = body + size + (size & 1);
  }
  return null;
}
