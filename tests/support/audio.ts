// Generates real audio for tests: 16-bit PCM WAV of a sine tone.
export function sineWav({ seconds = 1, sampleRate = 44_100, channels = 2, frequency = 440 } = {}): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const dataBytes = frames * channels * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * channels * 2, 28);
  buffer.writeUInt16LE(channels * 2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.5 * 32767);
    for (let c = 0; c < channels; c++) buffer.writeInt16LE(sample, 44 + (i * channels + c) * 2);
  }
  return buffer;
}
