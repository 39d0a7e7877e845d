// A waveform's bars: the loudest sample of each slice across channels, the loudest bar 1, silence flat.
import { describe, expect, it } from 'vitest';
import { peaksOf } from './peaks';

describe('waveform peaks', () => {
  it('takes the loudest sample of each slice across channels, scaled to the loudest bar', () => {
    const left = new Float32Array([0.1, -0.2, 0.05, 0.0, 0.4, -0.1, 0.0, 0.0]);
    const right = new Float32Array([0.0, 0.0, -0.1, 0.3, 0.0, 0.0, 0.0, -0.8]);
    expect(peaksOf([left, right], 4).map((peak) => Number(peak.toFixed(3)))).toEqual([0.25, 0.375, 0.5, 1]);
  });

  it('keeps silence flat and gives nothing for no audio', () => {
    expect(peaksOf([new Float32Array(100)], 5)).toEqual([0, 0, 0, 0, 0]);
    expect(peaksOf([new Float32Array(0)], 5)).toEqual([]);
    expect(peaksOf([], 5)).toEqual([]);
  });

  it('draws as many bars as asked even from fewer samples', () => {
    expect(peaksOf([new Float32Array([0.5, 1])], 4)).toHaveLength(4);
  });
});
