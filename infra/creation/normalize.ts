// Loudness for a rendered creation: the mix to −14 LUFS integrated at or under −1 dBTP, the stems by
// the same gain, measured with the audio engine's BS.1770 meter. A synthesizer render is usually
// quieter than −14 LUFS with room under its peaks; when the gain would push the mix's true peak over
// the ceiling, the mastering limiter (infra/audio/limiter.ts) takes the mix the rest of the way and
// the stems stay as they were before it: they then add up to the mix before the limiter, not after.
import { EDGE_FRAMES, edgePeaks } from '../audio/edge-peaks';
import { stereoFramePeaks } from '../audio/interpolator';
import { LookAheadLimiter } from '../audio/limiter';
import { amplitudeToDb, measureLoudness, measureStereoInBlocks, METER_BLOCK_FRAMES, METER_BLOCK_MARGIN } from '../audio/loudness';
import type { RenderedAudio } from './render-midi';

export const CREATION_TARGET_LUFS = -14;
export const CREATION_CEILING_DBTP = -1;
/**
 * What the samples are held under the ceiling by: 24-bit quantization and the mp3 codec add their
 * own overshoot (the mastering engine plans 0.8 dB for mp3).
 */
const HEADROOM_DB = 0.8;
/** How far the measured loudness may land from the target. */
export const CREATION_TOLERANCE_LU = 0.2;
const LIMITER_ATTACK_MS = 5;
const LIMITER_RELEASE_MS = 80;

export interface LoudnessReport {
  /** Measured on the render before any gain. */
  renderedLufs: number;
  renderedTruePeakDbtp: number;
  /** The gain every stem got, dB: the mix's too when the limiter was not needed. */
  gainDb: number;
  /** The gain the mix went into the limiter with (equal to gainDb without it). */
  mixGainDb: number;
  /** Measured on the final mix. */
  integratedLufs: number;
  truePeakDbtp: number;
  /** True when the limiter shaped the mix: the stems are then pre-limiter. */
  stemsPreLimiter: boolean;
  /** The most the limiter turned any sample down, dB (0 without it). */
  limiterGainReductionDb: number;
}

/** Silence cannot be brought to a loudness. */
export class SilentRenderError extends Error {
  readonly kind = 'silent_render' as const;
}

/**
 * The one gain every stem gets, and the mix before any limiting: from the rendered mix's integrated
 * loudness to the target. Refuses silence.
 */
export function gainToTargetDb(integratedLufs: number, targetLufs = CREATION_TARGET_LUFS): number {
  if (!Number.isFinite(integratedLufs)) throw new SilentRenderError('The render is silent: no note reached the audio');
  return targetLufs - integratedLufs;
}

/**
 * Brings the render's mix (and the stems given in memory by the same gain) to the target, in place.
 * Stems kept in files get `gainDb` as they are written (render-song.ts).
 */
export function normalizeLoudness(render: Pick<RenderedAudio, 'mix' | 'sampleRate' | 'frames'> & { stems?: readonly { pcm: Float32Array }[] }, targetLufs = CREATION_TARGET_LUFS, ceilingDbtp = CREATION_CEILING_DBTP): LoudnessReport {
  const { mix, sampleRate, frames } = render;
  // The K-weighted power per frame, for the limiter; let go once it is built (32 MB for 3 minutes).
  let framePower: Float32Array | null = new Float32Array(frames);
  const rendered = measureLoudness(mix, sampleRate, 2, { loudnessRange: false, framePower });
  const plainGainDb = gainToTargetDb(rendered.integratedLufs, targetLufs);
  const renderedTruePeakDbtp = Math.max(rendered.truePeakDbtp, amplitudeToDb(edgePeaks(mix)));
  let gainDb = plainGainDb;
  const planned = ceilingDbtp - HEADROOM_DB;
  const stemsGain = 10 ** (plainGainDb / 20);
  for (const stem of render.stems ?? []) scale(stem.pcm, stemsGain);

  if (renderedTruePeakDbtp + gainDb <= planned) {
    scale(mix, stemsGain);
    const final = measureLoudness(mix, sampleRate, 2, { loudnessRange: false });
    return {
      renderedLufs: rendered.integratedLufs,
      renderedTruePeakDbtp,
      gainDb,
      mixGainDb: gainDb,
      integratedLufs: final.integratedLufs,
      truePeakDbtp: Math.max(final.truePeakDbtp, amplitudeToDb(edgePeaks(mix))),
      stemsPreLimiter: false,
      limiterGainReductionDb: 0,
    };
  }

  const framePeak = new Float32Array(frames);
  stereoFramePeaks(mix, 0, frames, framePeak);
  edgePeaks(mix, framePeak);
  const limiter = new LookAheadLimiter(mix, framePower, framePeak, sampleRate, Math.round((LIMITER_ATTACK_MS / 1000) * sampleRate), (LIMITER_RELEASE_MS / 1000) * sampleRate);
  framePower = null;
  // Each pass is measured block by block as the limiter makes it, and only the chosen one is
  // written, over the mix itself: no second copy of the song is held (64 MB for 3 minutes).
  const block = new Float32Array(2 * (METER_BLOCK_FRAMES + 2 * METER_BLOCK_MARGIN));
  const measure = (passGainDb: number, passCeiling: number): { integratedLufs: number; truePeakDbtp: number } => {
    const read = (from: number, to: number): Float32Array => limiter.limitInto(passGainDb, passCeiling, from, to, block);
    const measured = measureStereoInBlocks(frames, sampleRate, read);
    if (frames < 2 * EDGE_FRAMES) return measured;
    const ends = new Float32Array(4 * EDGE_FRAMES);
    ends.set(read(0, EDGE_FRAMES));
    ends.set(read(frames - EDGE_FRAMES, frames), 2 * EDGE_FRAMES);
    return { ...measured, truePeakDbtp: Math.max(measured.truePeakDbtp, amplitudeToDb(edgePeaks(ends))) };
  };
  // The gain is searched on the limiter's own estimate, then corrected by what the limited audio
  // measures, as mastering does; loudness rises less than the gain once the limiter works.
  let bias = 0;
  let ceiling = planned;
  let final = { integratedLufs: rendered.integratedLufs, truePeakDbtp: Number.POSITIVE_INFINITY };
  let chosen = { gainDb, ceiling };
  for (let measuredPass = 0; measuredPass < 4; measuredPass++) {
    let estimate = 0;
    for (let pass = 0; pass < 8; pass++) {
      estimate = limiter.estimateLoudness(gainDb, ceiling) + bias;
      const off = targetLufs - estimate;
      if (Math.abs(off) <= CREATION_TOLERANCE_LU / 2) break;
      gainDb += Math.max(-12, Math.min(12, off * 1.3));
    }
    chosen = { gainDb, ceiling };
    final = measure(gainDb, ceiling);
    bias += final.integratedLufs - estimate;
    const over = final.truePeakDbtp - planned;
    if (over > 0) ceiling -= over + 0.1;
    if (over <= 0 && Math.abs(final.integratedLufs - targetLufs) <= CREATION_TOLERANCE_LU) break;
  }
  const reductionDb = limiter.limitInPlace(chosen.gainDb, chosen.ceiling, block);
  return {
    renderedLufs: rendered.integratedLufs,
    renderedTruePeakDbtp,
    gainDb: plainGainDb,
    mixGainDb: chosen.gainDb,
    integratedLufs: final.integratedLufs,
    truePeakDbtp: final.truePeakDbtp,
    stemsPreLimiter: true,
    limiterGainReductionDb: reductionDb,
  };
}

function scale(pcm: Float32Array, gain: number): void {
  for (let i = 0; i < pcm.length; i++) pcm[i] = pcm[i]! * gain;
}
