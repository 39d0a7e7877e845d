// The mastering limiter: a look-ahead limiter on true peaks over interleaved stereo held in memory,
// with a loudness estimate for the search that sets its gain.
import { envelopeScratch, limitFrames, shapeGain, type Envelope, type EnvelopeScratch } from './gain-envelope';
import { integratedLoudnessOfSegments, segmentFramesAt } from './loudness';
import { limitOnWorker } from './parallel-dsp';
import { sharedFloat32 } from './typed-bytes';

/** Frames per step of the limiter's coarse envelope, on which the loudness search runs. */
const COARSE_FRAMES = 8;
/**
 * Releases a limit run from the middle of a track starts with (the later half of a run is limited
 * on the worker): after this many release time constants the state it starts from has decayed
 * under float precision (e^−40), so the gain it finds is the gain a run from the start finds.
 */
const WARM_UP_RELEASES = 40;

/**
 * A look-ahead limiter over interleaved stereo held in memory, for the loudness search: each pass
 * is a gain and a few sweeps over the PCM, no process and no pipe.
 *
 * Peaks are each frame's highest sample or true-peak (4x-interpolated, the meter's interpolator)
 * value next to it, found once for every gap. The gain envelope is the minimum of the gains needed
 * over the next `attack` frames, released exponentially, then averaged over `attack` frames: an
 * average over a window that ends on a peak holds only gains at or under that peak's, so no peak
 * passes the ceiling, and the attack becomes a smooth ramp.
 *
 * The search estimates each pass's loudness from an envelope alone: the input's K-weighted power
 * times the squared gain, summed per 100 ms segment. It runs on a coarse envelope, the same
 * limiter over steps of COARSE_FRAMES frames (each step's highest peak and summed power), an
 * eighth of the work of a full pass; the envelope moves over milliseconds and K-weighting's
 * response is shorter, so this tracks a measurement of the limited audio to a few hundredths of an
 * LU, without writing or filtering that audio. Only the chosen pass is limited at full resolution
 * (the later half on the worker) and measured, and the measured error corrects the estimates after
 * it.
 */
export class LookAheadLimiter {
  /** The limiter over frames, and over coarse steps (each step's highest peak). */
  private readonly fine: Envelope;
  private readonly coarse: Envelope;
  /** run's, allocated by the first run: a track limited block by block never needs them. */
  private fineScratch: EnvelopeScratch | null = null;
  private out: Float32Array | null = null;
  /** limitInto's, sized for a block of the meter (plain memory: it stays on this thread). */
  private blockScratch: EnvelopeScratch | null = null;
  private readonly coarseScratch: EnvelopeScratch;
  /** The input's K-weighted power per coarse step. */
  private readonly coarsePower: Float32Array;
  private input: Float32Array;
  /** The earlier frames are limited here, the later ones on the worker. */
  private readonly split: number;
  private readonly warmUp: number;
  private readonly segmentFrames: number;
  private readonly allocate: (length: number) => Float32Array;

  constructor(
    input: Float32Array,
    /** The input's K-weighted power per frame (measureLoudness's `framePower`). */
    framePower: Float32Array,
    /** Each frame's peak (stereoFramePeaks over every frame). */
    framePeak: Float32Array,
    sampleRate: number,
    attackFrames: number,
    releaseFrames: number,
    /** Where its full-length buffers come from. */
    allocate: (length: number) => Float32Array = sharedFloat32,
  ) {
    const frames = input.length / 2;
    const steps = Math.ceil(frames / COARSE_FRAMES);
    this.input = input;
    this.coarsePower = new Float32Array(steps);
    this.fine = { peaks: framePeak, attack: attackFrames, release: releaseFrames };
    this.coarse = { peaks: new Float32Array(steps), attack: Math.round(attackFrames / COARSE_FRAMES), release: releaseFrames / COARSE_FRAMES };
    this.load(input, framePower, framePeak);
    this.coarseScratch = envelopeScratch(steps + this.coarse.attack, (length) => new Float32Array(length));
    this.warmUp = Math.ceil(WARM_UP_RELEASES * releaseFrames);
    // Worth sharing only when the worker's half is much longer than its warm-up.
    this.split = frames > 4 * this.warmUp ? Math.floor(frames / 2) : frames;
    this.allocate = allocate;
    this.segmentFrames = segmentFramesAt(sampleRate);
  }

  /**
   * Puts a new input of the same length under the limiter (the soft clipper's output in place of
   * the chain's), with its power and peaks as the constructor takes them; the buffers stay.
   */
  load(input: Float32Array, framePower: Float32Array, framePeak: Float32Array): void {
    const frames = input.length / 2;
    const { peaks: coarsePeak } = this.coarse;
    for (let step = 0; step < coarsePeak.length; step++) {
      let peak = 0;
      let power = 0;
      for (let n = step * COARSE_FRAMES, last = Math.min(frames, n + COARSE_FRAMES); n < last; n++) {
        if (framePeak[n]! > peak) peak = framePeak[n]!;
        power += framePower[n]!;
      }
      coarsePeak[step] = peak;
      this.coarsePower[step] = power;
    }
    this.input = input;
    this.fine.peaks = framePeak;
  }

  /** The input's true peak (linear). */
  truePeak(): number {
    // Indexed: `for…of` over a typed array this size cost V8 about ten times as much.
    const { peaks } = this.coarse;
    let peak = 0;
    for (let step = 0; step < peaks.length; step++) if (peaks[step]! > peak) peak = peaks[step]!;
    return peak;
  }

  /** Integrated loudness (LUFS) the limited audio would measure, estimated from the coarse envelope. */
  estimateLoudness(gainDb: number, ceilingDb: number): number {
    const { coarse, coarsePower, segmentFrames } = this;
    const steps = coarse.peaks.length;
    const gain = shapeGain(coarse, gainDb, ceilingDb, 0, steps, this.coarseScratch);
    const segmentPower = new Float64Array(Math.floor(this.input.length / 2 / segmentFrames));
    // Each step counts in the segment its first frame lies in.
    for (let segment = 0, step = 0; segment < segmentPower.length; segment++) {
      const end = Math.min(steps, Math.ceil(((segment + 1) * segmentFrames) / COARSE_FRAMES));
      let sum = 0;
      for (; step < end; step++) sum += gain[step]! * gain[step]! * coarsePower[step]!;
      segmentPower[segment] = sum / segmentFrames;
    }
    return integratedLoudnessOfSegments(segmentPower);
  }

  /**
   * The gain reduction of the last run at `gainDb`, measured on its input and output samples: the
   * most any sample was turned down under the gain, and the loss of power over the whole track.
   */
  measureGainReduction(gainDb: number): { peakDb: number; powerDb: number } {
    const { input, out } = this;
    if (!out) throw new Error('measureGainReduction measures the last run: there was none');
    const gain = 10 ** (gainDb / 20);
    let inPower = 0;
    let outPower = 0;
    for (let i = 0; i < input.length; i++) {
      const x = input[i]! * gain;
      inPower += x * x;
      outPower += out[i]! * out[i]!;
    }
    return { peakDb: -20 * Math.log10(leastGainRatio(input, out, gain)), powerDb: outPower > 0 ? 10 * Math.log10(inPower / outPower) : 0 };
  }

  /** Limits into a buffer reused by the next run: the later half on the worker meanwhile. */
  async run(gainDb: number, ceilingDb: number): Promise<Float32Array> {
    const { input, fine, split } = this;
    const frames = input.length / 2;
    const out = (this.out ??= this.allocate(input.length));
    this.fineScratch ??= envelopeScratch(split + fine.attack, this.allocate);
    const later = split < frames ? limitOnWorker({ input, out, ...fine, gainDb, ceilingDb, from: split, to: frames, warmUp: this.warmUp }) : null;
    limitFrames(input, out, shapeGain(fine, gainDb, ceilingDb, 0, split, this.fineScratch), 0, split);
    await later;
    return out;
  }

  /**
   * Frames [from, to) limited at `gainDb` into the start of `into`, the envelope released from a
   * warm-up before them as the worker's half is: the audio a run gives there, without a buffer
   * the length of the track. For measureStereoInBlocks' reads.
   */
  limitInto(gainDb: number, ceilingDb: number, from: number, to: number, into: Float32Array): Float32Array {
    const { input, fine, warmUp } = this;
    const start = Math.max(0, from - warmUp);
    const span = to - start + Math.max(1, fine.attack);
    if (!this.blockScratch || this.blockScratch.needed.length < span) this.blockScratch = envelopeScratch(span, (length) => new Float32Array(length));
    const gain = shapeGain(fine, gainDb, ceilingDb, start, to, this.blockScratch);
    limitFrames(input, into, gain.subarray(from - start), from, to, from);
    return into.subarray(0, 2 * (to - from));
  }

  /**
   * Limits the input itself at `gainDb`, block by block through `block` (the last use of this
   * limiter: the input is then the limited audio). Returns the most any sample was turned down
   * under the gain, dB, as measureGainReduction's `peakDb`.
   */
  limitInPlace(gainDb: number, ceilingDb: number, block: Float32Array): number {
    const { input } = this;
    const frames = input.length / 2;
    const blockFrames = block.length / 2;
    const gain = 10 ** (gainDb / 20);
    let leastRatio = 1;
    for (let from = 0; from < frames; from += blockFrames) {
      const to = Math.min(frames, from + blockFrames);
      const limited = this.limitInto(gainDb, ceilingDb, from, to, block);
      leastRatio = Math.min(leastRatio, leastGainRatio(input.subarray(2 * from, 2 * to), limited, gain));
      input.set(limited, 2 * from);
    }
    return -20 * Math.log10(leastRatio);
  }
}

/** Samples this quiet carry too few bits of the ratio to say anything about the gain. */
const AUDIBLE = 1e-4;

/** The least ratio of a limited sample to its input times `gain`, over the audible samples (1 when none was turned down). */
function leastGainRatio(input: Float32Array, limited: Float32Array, gain: number): number {
  let leastRatio = 1;
  for (let i = 0; i < input.length; i++) {
    const x = input[i]! * gain;
    const level = x < 0 ? -x : x;
    if (level < AUDIBLE) continue;
    const y = limited[i]!;
    const ratio = (y < 0 ? -y : y) / level;
    if (ratio < leastRatio) leastRatio = ratio;
  }
  return leastRatio;
}
