// The cover checks on their own: a JPEG's size read from its frame header (past other segments), a
// PNG decoded whole, and the refusals a creator reads.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { checkCoverImage } from './cover-check';
import { generateCoverPng } from './cover-art';

/** A JPEG's opening: SOI, an APP0 (JFIF) segment, then a baseline start-of-frame of the given size. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(64)]);
}

describe('cover checks', () => {
  it('reads a JPEG size from its start-of-frame and holds it to square and 3000×3000', async () => {
    expect(await checkCoverImage(jpegHeader(3000, 3000))).toEqual({ ok: true, mimeType: 'image/jpeg', extension: 'jpg', width: 3000, height: 3000 });
    expect(await checkCoverImage(jpegHeader(4000, 3000))).toEqual({ ok: false, reason: 'The cover must be square: this one is 4000×3000 pixels' });
    expect(await checkCoverImage(jpegHeader(1400, 1400))).toEqual({ ok: false, reason: 'The cover must be at least 3000×3000 pixels: this one is 1400×1400' });
    expect(await checkCoverImage(jpegHeader(3000, 3000).subarray(0, 22))).toEqual({ ok: false, reason: 'The cover could not be read: the JPG image is damaged' });
  });

  it('decodes a PNG whole: the generated cover passes, a corrupted one is refused', async () => {
    expect(await checkCoverImage(generateCoverPng('seed'))).toMatchObject({ ok: true, mimeType: 'image/png', width: 3000, height: 3000 });
    const corrupted = PNG.sync.write(new PNG({ width: 3000, height: 3000 }));
    corrupted.writeUInt8(corrupted.readUInt8(corrupted.length - 20) ^ 0xff, corrupted.length - 20);
    expect(await checkCoverImage(corrupted)).toEqual({ ok: false, reason: 'The cover could not be read: the PNG image is damaged' });
  });
});
