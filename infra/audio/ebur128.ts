// ffmpeg's own EBU R128 meter (the ebur128 filter), as an independent check of ours: the tests and
// the benchmark read a file's loudness through it and compare.
import path from 'node:path';
import { runFfmpeg } from './ffmpeg';

export interface Ebur128Summary {
  integratedLufs: number;
  loudnessRangeLu: number;
  /** True peak in dBTP (the filter prints it as "dBFS" of the oversampled signal). */
  truePeakDbtp: number;
}

export async function ebur128(file: string): Promise<Ebur128Summary> {
  // framelog=verbose keeps the per-frame lines under ffmpeg's default log level; the summary stays.
  const { stderr } = await runFfmpeg(['-i', `file:${path.resolve(file)}`, '-vn', '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-']);
  return parseEbur128Summary(stderr);
}

export function parseEbur128Summary(stderr: string): Ebur128Summary {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const num = (re: RegExp, what: string): number => {
    const m = re.exec(summary);
    if (!m) throw new Error(`ebur128 summary without ${what}: ${summary.slice(0, 300)}`);
    return m[1] === '-inf' ? -Infinity : Number(m[1]);
  };
  return {
    integratedLufs: num(/I:\s+(-?[\d.]+|-inf) LUFS/, 'integrated loudness'),
    loudnessRangeLu: num(/LRA:\s+(-?[\d.]+|-inf) LU/, 'loudness range'),
    truePeakDbtp: num(/Peak:\s+(-?[\d.]+|-inf) dBFS/, 'true peak'),
  };
}
