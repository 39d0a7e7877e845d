// Masters a track for real: a style's chain of ffmpeg filters (EQ, compression, stereo
// enhancement, harmonic saturation), then a measured loudness pass (gain into a limiter, measured
// with our BS.1770 meter, corrected) to the target loudness under a −1 dBTP true-peak ceiling.
//
// Every figure in the results is measured on the file that was written. Besides the master it
// writes a ~30 s preview from the loudest part, the master before the final limiter, and a
// loudness-matched A/B pair (original and master at the same integrated loudness).
//
// Each stage is its own ffmpeg pass over PCM held in memory, so progress is reported when a stage
// really starts and ends, not on a timer.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodePcm, encodePcm, filterPcm, readAudioInfo, type AudioInfo } from './ffmpeg';
import { measureLoudness, type LoudnessResult } from './loudness';

export type MasterStyle = 'warm' | 'balanced' | 'open';
export type MasterLoudness = 'low' | 'medium' | 'high';
export type MasterFormat = 'wav' | 'cd' | 'mp3';

export const MASTER_STYLES: readonly MasterStyle[] = ['warm', 'balanced', 'open'];
export const MASTER_LOUDNESS: readonly MasterLoudness[] = ['low', 'medium', 'high'];
export const MASTER_FORMATS: readonly MasterFormat[] = ['wav', 'cd', 'mp3'];

/** Integrated loudness targets in LUFS (issue 3). */
export const LOUDNESS_TARGETS: Record<MasterLoudness, number> = { low: -14, medium: -9, high: -6 };
/** The true-peak ceiling every output respects, in dBTP. */
export const TRUE_PEAK_CEILING_DBTP = -1;
/** How far from the target the measured master may land, in LU. */
export const LOUDNESS_TOLERANCE_LU = 0.5;

/** The spec's eight mastering steps, in order. */
export const MASTERING_STEPS = [
  'audio analysis',
  'EQ processing',
  'compression',
  'stereo enhancement',
  'harmonic processing',
  'limiting',
  'quality check',
  'export',
] as const;
export type MasteringStep = (typeof MASTERING_STEPS)[number];

/** Spec 2 "Mastering progress event": a step at 100 is complete; the step `Complete` ends the run. */
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

/** Spec 2 `metadata.mastering.results`, plus the files and the measurements behind the figures. */
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
    /** ebur128-style integrated loudness of each half of the A/B pair. */
    abOriginalLufs: number;
    abMasterLufs: number;
    previewStartSeconds: number;
    previewSeconds: number;
    /** Limiter passes run to land the target. */
    limiterPasses: number;
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
export const STYLE_CHAINS: Record<MasterStyle, StyleChain> = {
  warm: {
    character: 'warm: fuller lows, softer highs, denser dynamics, centred image, tape-like saturation',
    eq: {
      filter: 'highpass=f=25:poles=2,bass=g=3:f=110:w=0.7,equalizer=f=320:t=q:w=1:g=1,treble=g=-3:f=6000:w=0.7',
      describe: 'EQ: high-pass 25 Hz, low shelf +3 dB at 110 Hz, +1 dB at 320 Hz, high shelf −3 dB at 6 kHz',
    },
    compression: {
      filter: 'acompressor=threshold=-24dB:ratio=3:attack=30:release=250:knee=4:makeup=1',
      describe: 'Compression: −24 dB threshold, 3:1, 30 ms attack, 250 ms release (glue)',
    },
    stereo: { filter: 'extrastereo=m=0.85:c=0', describe: 'Stereo: side signal −15 % (centred image)' },
    harmonic: {
      filter: 'asoftclip=type=tanh:threshold=0.3:oversample=2',
      describe: 'Saturation: tanh soft clip from −10.5 dBFS, 2x oversampled (odd harmonics)',
    },
    limiter: { attackMs: 7, releaseMs: 120 },
  },
  balanced: {
    character: 'balanced: near-flat tone, moderate compression, slightly wider, light saturation',
    eq: {
      filter: 'highpass=f=25:poles=2,equalizer=f=60:t=q:w=0.8:g=1,equalizer=f=3000:t=q:w=1:g=0.5,treble=g=1:f=10000:w=0.7',
      describe: 'EQ: high-pass 25 Hz, +1 dB at 60 Hz, +0.5 dB at 3 kHz, high shelf +1 dB at 10 kHz',
    },
    compression: {
      filter: 'acompressor=threshold=-20dB:ratio=2.5:attack=20:release=150:knee=3:makeup=1',
      describe: 'Compression: −20 dB threshold, 2.5:1, 20 ms attack, 150 ms release',
    },
    stereo: { filter: 'extrastereo=m=1.1:c=0', describe: 'Stereo: side signal +10 %' },
    harmonic: {
      filter: 'asoftclip=type=tanh:threshold=0.5:oversample=2',
      describe: 'Saturation: tanh soft clip from −6 dBFS, 2x oversampled',
    },
    limiter: { attackMs: 5, releaseMs: 80 },
  },
  open: {
    character: 'open: leaner lows, bright airy highs, dynamics kept, wide image, exciter sparkle',
    eq: {
      filter: 'highpass=f=30:poles=2,bass=g=-1.5:f=150:w=0.7,equalizer=f=250:t=q:w=1:g=-1.5,treble=g=3.5:f=8000:w=0.7',
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

interface ExportPlan {
  ext: string;
  codec: string;
  sampleRate: number;
  args: string[];
  /** Planned true-peak headroom below the ceiling: codecs and resampling overshoot. */
  marginDb: number;
}

function exportPlan(format: MasterFormat, info: AudioInfo): ExportPlan {
  const sr = info.sampleRate;
  if (format === 'cd') {
    return {
      ext: 'wav',
      codec: 'pcm_s16le',
      sampleRate: 44_100,
      args: ['-af', 'aresample=44100:out_sample_fmt=s16:dither_method=triangular', '-c:a', 'pcm_s16le', '-ar', '44100'],
      marginDb: 0.3,
    };
  }
  if (format === 'mp3') {
    const rate = sr > 48_000 ? 48_000 : sr;
    return { ext: 'mp3', codec: 'libmp3lame 320k', sampleRate: rate, args: ['-ar', String(rate), '-c:a', 'libmp3lame', '-b:a', '320k'], marginDb: 0.8 };
  }
  // wav keeps the input's rate and bit depth; lossy inputs (no bit depth) get 24-bit.
  const fmt = info.sampleFormat ?? '';
  const bits = info.bitsPerSample;
  let codec = 'pcm_s24le';
  if (!info.lossless) codec = 'pcm_s24le';
  else if (fmt.startsWith('flt') && bits !== 64) codec = 'pcm_f32le';
  else if (bits === 16) codec = 'pcm_s16le';
  else if (bits === 32 && fmt.startsWith('s32')) codec = 'pcm_s32le';
  const dither = codec === 'pcm_s16le' ? ['-af', 'aresample=out_sample_fmt=s16:dither_method=triangular'] : [];
  return { ext: 'wav', codec, sampleRate: sr, args: [...dither, '-c:a', codec], marginDb: 0.2 };
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
const dbToGain = (db: number): number => 10 ** (db / 20);
const fmtDb = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}`;

function scaled(pcm: Float32Array, gainDb: number): Float32Array {
  const g = dbToGain(gainDb);
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = pcm[i]! * g;
  return out;
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
  const chain = STYLE_CHAINS[options.style];
  const targetLufs = LOUDNESS_TARGETS[options.loudness];
  if (!chain) throw new MasteringError(`Unknown style: ${options.style}`);
  if (targetLufs === undefined) throw new MasteringError(`Unknown loudness: ${options.loudness}`);
  if (!MASTER_FORMATS.includes(options.format)) throw new MasteringError(`Unknown format: ${options.format}`);
  // A missing input is the caller's problem, not the audio's: let it surface as the plain ENOENT.
  await stat(input);
  const emit = (step: MasteringProgressEvent['step'], progress: number, description: string): void => options.onProgress?.({ step, description, progress });
  const processing: string[] = [];
  const stage = async <T>(step: MasteringStep, description: string, work: () => Promise<T>): Promise<T> => {
    emit(step, 0, description);
    const result = await work();
    emit(step, 100, description);
    return result;
  };

  // 1. Analysis: decode (stereo at the input's own rate) and measure the original.
  const { info, original, inputLoudness } = await stage('audio analysis', 'Decoding and measuring the original (BS.1770 loudness, true peak)', async () => {
    const info = await readAudioInfo(input);
    const original = await decodePcm(input, { sampleRate: info.sampleRate, channels: 2 });
    const inputLoudness = measureLoudness(original, info.sampleRate, 2);
    return { info, original, inputLoudness };
  });
  if (!Number.isFinite(inputLoudness.integratedLufs)) throw new MasteringError('The input is silent: there is nothing to master');
  const sr = info.sampleRate;
  const plan = exportPlan(options.format, info);
  const preGain = Math.max(-30, Math.min(30, CHAIN_INPUT_LUFS - inputLoudness.integratedLufs));
  processing.push(
    `Analysis: ${round1(inputLoudness.integratedLufs)} LUFS, ${round1(inputLoudness.truePeakDbtp)} dBTP, LRA ${round1(inputLoudness.loudnessRangeLu)} LU, ${sr} Hz`,
    `Style ${chain.character}`,
  );

  // 2–5. The style's chain, one pass per stage.
  let pcm = await stage('EQ processing', chain.eq.describe, () => filterPcm(original, sr, 2, `volume=${preGain.toFixed(2)}dB,${chain.eq.filter}`));
  processing.push(`Gain staging: ${fmtDb(preGain)} dB to ${CHAIN_INPUT_LUFS} LUFS`, chain.eq.describe);
  pcm = await stage('compression', chain.compression.describe, () => filterPcm(pcm, sr, 2, chain.compression.filter));
  processing.push(chain.compression.describe);
  pcm = await stage('stereo enhancement', chain.stereo.describe, () => filterPcm(pcm, sr, 2, chain.stereo.filter));
  processing.push(chain.stereo.describe);
  const preLimiter = await stage('harmonic processing', chain.harmonic.describe, () => filterPcm(pcm, sr, 2, chain.harmonic.filter));
  processing.push(chain.harmonic.describe);
  const preLoudness = measureLoudness(preLimiter, sr, 2, { loudnessRange: false });

  // 6. Limiting: gain into a look-ahead limiter, measured and corrected until the loudness lands.
  let ceilingDb = TRUE_PEAK_CEILING_DBTP - plan.marginDb - 0.3;
  let gainDb = targetLufs - preLoudness.integratedLufs;
  let passes = 0;
  // `oversample` 4: the final passes, where the limiter sees (and holds) inter-sample peaks.
  // `oversample` 1: the cheap passes that search for the gain; the loudness they give is within a
  // tenth of a LU of the oversampled limiter's, and the final passes measure again anyway.
  const limit = async (oversample: 1 | 4): Promise<{ out: Float32Array; m: LoudnessResult }> => {
    passes++;
    const ceiling = Math.max(0.0625, dbToGain(ceilingDb));
    // Gain and a clipper 2 dB over the ceiling, done here (ffmpeg's asoftclip costs seconds a pass):
    // the clipper shaves the sharpest transients first, so the limiter pumps less at loud targets;
    // the limiter then holds the ceiling.
    const clip = Math.min(1, ceiling * dbToGain(2));
    const g = dbToGain(gainDb);
    const driven = new Float32Array(preLimiter.length);
    for (let i = 0; i < driven.length; i++) {
      const v = preLimiter[i]! * g;
      driven[i] = v > clip ? clip : v < -clip ? -clip : v;
    }
    const graph = [
      ...(oversample > 1 ? [`aresample=${sr * oversample}`] : []),
      `alimiter=limit=${ceiling.toFixed(5)}:attack=${chain.limiter.attackMs}:release=${chain.limiter.releaseMs}:level=0:latency=1`,
      ...(oversample > 1 ? [`aresample=${sr}`] : []),
    ].join(',');
    const out = await filterPcm(driven, sr, 2, graph);
    return { out, m: measureLoudness(out, sr, 2, { loudnessRange: false, truePeak: oversample > 1 }) };
  };
  // Loudness rises less than the gain once the limiter works hard: correct along the measured slope.
  const landLoudness = async (tolerance: number): Promise<{ out: Float32Array; m: LoudnessResult }> => {
    for (const oversample of [1, 4] as const) {
      let prev: { gain: number; lufs: number } | null = null;
      let attempt = await limit(oversample);
      for (let i = 0; i < 6; i++) {
        const tpOver = oversample > 1 ? attempt.m.truePeakDbtp - (TRUE_PEAK_CEILING_DBTP - plan.marginDb) : 0;
        const err = targetLufs - attempt.m.integratedLufs;
        if (Math.abs(err) <= tolerance && tpOver <= 0) break;
        if (tpOver > 0) ceilingDb -= tpOver + 0.1;
        let slope = 1;
        if (prev && Math.abs(gainDb - prev.gain) > 0.05) slope = (attempt.m.integratedLufs - prev.lufs) / (gainDb - prev.gain);
        slope = Math.max(0.15, Math.min(1, slope));
        prev = { gain: gainDb, lufs: attempt.m.integratedLufs };
        gainDb += Math.max(-12, Math.min(12, err / slope));
        attempt = await limit(oversample);
      }
      if (oversample > 1) return attempt;
    }
    throw new Error('unreachable');
  };
  let limited = await stage('limiting', `Gain into a look-ahead limiter toward ${targetLufs} LUFS under ${TRUE_PEAK_CEILING_DBTP} dBTP`, () => landLoudness(0.2));

  // 7. Quality check on the limited audio before it is encoded.
  await stage('quality check', 'Checking integrated loudness and true peak against the targets', async () => {
    const { m } = limited;
    if (Math.abs(m.integratedLufs - targetLufs) > LOUDNESS_TOLERANCE_LU) {
      throw new MasteringError(
        `Could not reach ${targetLufs} LUFS under a ${TRUE_PEAK_CEILING_DBTP} dBTP ceiling: the limited master measures ${round1(m.integratedLufs)} LUFS`,
      );
    }
    if (m.truePeakDbtp > TRUE_PEAK_CEILING_DBTP) throw new MasteringError(`True peak ${round1(m.truePeakDbtp)} dBTP is over the ceiling`);
  });

  // 8. Export: write every file, then measure the master as written; re-limit once if the codec moved it.
  await mkdir(options.outDir, { recursive: true });
  const stem = options.name ?? path.basename(input, path.extname(input));
  const file = (suffix: string): string => path.join(options.outDir, `${stem}.${suffix}.${plan.ext}`);
  const files: MasterFiles = {
    master: file('master'),
    preview: file('preview'),
    preLimiter: file('pre-limiter'),
    abOriginal: file('ab-original'),
    abMaster: file('ab-master'),
  };
  const exported = await stage('export', `Encoding ${options.format} (${plan.codec}, ${plan.sampleRate} Hz), preview, pre-limiter master and A/B pair`, async () => {
    let written = await writeAndMeasure(limited.out, sr, files.master, plan);
    for (let retry = 0; retry < 2; retry++) {
      const tpOver = written.truePeakDbtp - TRUE_PEAK_CEILING_DBTP;
      const off = Math.abs(written.integratedLufs - targetLufs);
      if (tpOver <= -0.05 && off <= LOUDNESS_TOLERANCE_LU - 0.1) break;
      if (tpOver > -0.05) plan.marginDb += tpOver + 0.15;
      ceilingDb = Math.min(ceilingDb, TRUE_PEAK_CEILING_DBTP - plan.marginDb - 0.3);
      gainDb += targetLufs - written.integratedLufs;
      limited = await landLoudness(0.15);
      written = await writeAndMeasure(limited.out, sr, files.master, plan);
    }

    // Preview: the loudest ~30 s, with 1 s fades.
    const previewSeconds = Math.min(30, limited.out.length / 2 / sr);
    const startSeg = loudestWindow(limited.m.segmentPower, Math.round(previewSeconds / limited.m.segmentSeconds));
    const startFrame = Math.round(startSeg * limited.m.segmentSeconds * sr);
    const previewPcm = limited.out.subarray(startFrame * 2, (startFrame + Math.round(previewSeconds * sr)) * 2);
    const fade = Math.min(1, previewSeconds / 4).toFixed(2);
    const fadeOut = Math.max(0, previewSeconds - Number(fade)).toFixed(2);
    const fades = `afade=t=in:d=${fade},afade=t=out:st=${fadeOut}:d=${fade}`;
    await encodePcm(previewPcm, sr, 2, files.preview, withFilter(plan.args, fades));

    // Pre-limiter master: the chain's output with its true peak brought to the ceiling, no limiter.
    const preGainDb = TRUE_PEAK_CEILING_DBTP - plan.marginDb - preLoudness.truePeakDbtp;
    await encodePcm(scaled(preLimiter, preGainDb), sr, 2, files.preLimiter, plan.args);

    // A/B pair at the same loudness: the quieter of the two, lowered further if the original would peak over the ceiling.
    let abLufs = Math.min(inputLoudness.integratedLufs, written.integratedLufs);
    const originalHeadroom = TRUE_PEAK_CEILING_DBTP - plan.marginDb - inputLoudness.truePeakDbtp;
    abLufs = Math.min(abLufs, inputLoudness.integratedLufs + originalHeadroom);
    const [abO, abM] = await Promise.all([
      writeAndMeasure(scaled(original, abLufs - inputLoudness.integratedLufs), sr, files.abOriginal, plan, false),
      writeAndMeasure(scaled(limited.out, abLufs - limited.m.integratedLufs), sr, files.abMaster, plan, false),
    ]);
    return { written, startFrame, previewSeconds, abO, abM, abLufs };
  });

  const { written } = exported;
  processing.push(
    `Limiting: ${fmtDb(gainDb)} dB into a transient clipper (2 dB over the ceiling) and a 4x-oversampled look-ahead limiter (ceiling ${round1(ceilingDb)} dBFS, ${chain.limiter.attackMs} ms attack, ${chain.limiter.releaseMs} ms release), ${passes} measured pass(es)`,
    `Quality check: ${round1(written.integratedLufs)} LUFS (target ${targetLufs}), true peak ${round1(written.truePeakDbtp)} dBTP (ceiling ${TRUE_PEAK_CEILING_DBTP})`,
    `Export: ${options.format} (${plan.codec}, ${plan.sampleRate} Hz${options.format === 'cd' || plan.codec === 'pcm_s16le' ? ', triangular dither' : ''})`,
    `Preview: ${round1(exported.previewSeconds)} s from ${round1(exported.startFrame / sr)} s (loudest part)`,
    `A/B pair at ${round1(exported.abLufs)} LUFS: original ${round1(exported.abO.integratedLufs)}, master ${round1(exported.abM.integratedLufs)}`,
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
      inputTruePeakDbtp: round1(inputLoudness.truePeakDbtp),
      samplePeakDbfs: round1(written.samplePeakDbfs),
      peakToLoudnessRatio: round1(written.truePeakDbtp - written.integratedLufs),
      abOriginalLufs: round1(exported.abO.integratedLufs),
      abMasterLufs: round1(exported.abM.integratedLufs),
      previewStartSeconds: round1(exported.startFrame / sr),
      previewSeconds: round1(exported.previewSeconds),
      limiterPasses: passes,
      sampleRate: plan.sampleRate,
      codec: plan.codec,
    },
  };
  emit('Complete', 100, `Mastered: ${result.lufs} LUFS, ${result.peak} dBTP`);
  return result;
}

function withFilter(args: readonly string[], filter: string): string[] {
  const i = args.indexOf('-af');
  if (i < 0) return ['-af', filter, ...args];
  const out = [...args];
  out[i + 1] = `${filter},${out[i + 1]}`;
  return out;
}

/** Encodes, then decodes the written file and measures it: what the listener gets. */
async function writeAndMeasure(pcm: Float32Array, sampleRate: number, file: string, plan: ExportPlan, lra = true): Promise<LoudnessResult> {
  await encodePcm(pcm, sampleRate, 2, file, plan.args);
  const decoded = await decodePcm(file, { sampleRate: plan.sampleRate, channels: 2 });
  return measureLoudness(decoded, plan.sampleRate, 2, { loudnessRange: lra });
}
