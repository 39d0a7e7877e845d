import { describe, expect, it } from 'vitest';
import { fileExtension, formatBytes, formatDuration, formatTokens, shortenHash } from './format';

describe('format', () => {
  it('formats durations, sizes, tokens and hashes for display', () => {
    expect(formatDuration(2)).toBe('0:02');
    expect(formatDuration(214.4)).toBe('3:34');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(352_844)).toBe('345 KB');
    expect(formatBytes(8_612_000)).toBe('8.2 MB');
    expect(formatTokens(50)).toBe('50.00');
    expect(formatTokens(0.123456)).toBe('0.123456');
    expect(shortenHash('a'.repeat(64))).toBe(`${'a'.repeat(8)}…${'a'.repeat(8)}`);
  });

  it('keeps the original extension for downloads', () => {
    expect(fileExtension('Song.Final.WAV')).toBe('.wav');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
  });
});
