// True peaks at a track's two ends. The interpolator has taps for a gap only with 16 frames on
// either side of it, so it skips the first and last few gaps; a player, and ffmpeg's ebur128,
// reconstruct them against the silence around the file. A track that starts or ends loud (a cold
// start, a cut) overshoots there: a master that read −1.5 dBTP here measured +1.1 dBTP in ebur128,
// all of it in its first 50 ms.
import { stereoFramePeaks } from './interpolator';

/** Silence put around an end: more than the interpolator's reach (16 frames) on each side. */
const SILENCE_FRAMES = 32;
/** Frames of the track taken at each end: the skipped gaps and the reach of their taps. */
export const EDGE_FRAMES = 64;
/** Frames at the inner side of an end's copy that see the copy's own false edge, not used. */
const FALSE_EDGE_FRAMES = 32;

/**
 * The peaks of interleaved stereo `pcm`'s first and last frames against silence outside it, and the
 * overshoot in that silence counted at the frame next to it. Folded into `framePeak` (as
 * stereoFramePeaks fills it) when given; returns the highest. 0 for a track shorter than both ends.
 */
export function edgePeaks(pcm: Float32Array, framePeak?: Float32Array): number {
  const frames = pcm.length / 2;
  if (frames < 2 * EDGE_FRAMES) return 0;
  const copyFrames = SILENCE_FRAMES + EDGE_FRAMES + SILENCE_FRAMES;
  const copy = new Float32Array(copyFrames * 2);
  const peaks = new Float32Array(copyFrames);
  let highest = 0;
  const fold = (frame: number, peak: number): void => {
    if (peak > highest) highest = peak;
    if (framePeak && peak > framePeak[frame]!) framePeak[frame] = peak;
  };

  // The head: silence, then the first frames; the copy's end (a false edge) is not used.
  copy.set(pcm.subarray(0, 2 * EDGE_FRAMES), 2 * SILENCE_FRAMES);
  stereoFramePeaks(copy, 0, copyFrames, peaks);
  for (let i = 0; i < SILENCE_FRAMES + EDGE_FRAMES - FALSE_EDGE_FRAMES; i++) fold(Math.max(0, i - SILENCE_FRAMES), peaks[i]!);

  // The tail: the last frames (the copy's start a false edge), then silence.
  copy.fill(0);
  copy.set(pcm.subarray(pcm.length - 2 * EDGE_FRAMES), 2 * SILENCE_FRAMES);
  stereoFramePeaks(copy, 0, copyFrames, peaks);
  const firstKept = SILENCE_FRAMES + FALSE_EDGE_FRAMES;
  for (let i = firstKept; i < copyFrames; i++) fold(Math.min(frames - 1, frames - EDGE_FRAMES + i - SILENCE_FRAMES), peaks[i]!);
  return highest;
}
