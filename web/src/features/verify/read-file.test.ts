// The /verify page's file reading: every byte, with progress from 0 to 100 on the way.
import { describe, expect, it } from 'vitest';
import { readFileWithProgress, type ReadProgress } from './read-file';

describe('readFileWithProgress', () => {
  it('reads every byte and reports progress up to 100 %', async () => {
    const content = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    const seen: ReadProgress[] = [];
    const read = await readFileWithProgress(new File([content], 'master.wav'), (progress) => seen.push(progress));

    expect(read.name).toBe('master.wav');
    // Every byte, compared in one pass: toEqual walks a 3 MB array element by element (seconds of CPU).
    expect(read.bytes).toHaveLength(content.length);
    expect(read.bytes.findIndex((byte, i) => byte !== content[i]), 'the first byte that differs').toBe(-1);
    expect(seen[0]).toEqual({ name: 'master.wav', percent: 0 });
    expect(seen.at(-1)).toEqual({ name: 'master.wav', percent: 100 });
    const percents = seen.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('reads an empty file as no bytes, at 100 %', async () => {
    const seen: number[] = [];
    expect((await readFileWithProgress(new File([], 'empty.txt'), (p) => seen.push(p.percent))).bytes).toHaveLength(0);
    expect(seen.at(-1)).toBe(100);
  });
});
