// A waveform's bars from decoded audio: the loudest sample (across channels) in each of `bars`
// equal slices, scaled so the loudest bar is 1. Silence stays flat rather than being blown up.
export function peaksOf(channels: readonly Float32Array[], bars: number): number[] {
  const length = Math.min(...channels.map((channel) => channel.length));
  if (!Number.isFinite(length) || length === 0 || bars <= 0) return [];
  const peaks: number[] = [];
  for (let bar = 0; bar < bars; bar += 1) {
    const start = Math.floor((bar * length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * length) / bars));
    let peak = 0;
    for (const channel of channels) {
      for (let index = start; index < end && index < length; index += 1) peak = Math.max(peak, Math.abs(channel[index] ?? 0));
    }
    peaks.push(peak);
  }
  const loudest = Math.max(...peaks);
  return loudest > 1e-4 ? peaks.map((peak) => peak / loudest) : peaks.map(() => 0);
}
