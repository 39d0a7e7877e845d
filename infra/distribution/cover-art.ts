// The cover a release gets when its track has no artwork of its own: a 3000×3000 PNG (the size
// stores ask for), a two-colour gradient seeded by the release so each cover differs. Rows of one
// colour compress to almost nothing, so writing it is quick.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

export const COVER_SIZE = 3000;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `size`×`size`: a vertical gradient between two colours taken from `seed`'s hash. */
export function generateCoverPng(seed: string, size = COVER_SIZE): Buffer {
  const hash = createHash('sha256').update(seed).digest();
  const top = [hash[0]!, hash[1]!, hash[2]!];
  const bottom = [hash[3]!, hash[4]!, hash[5]!];
  const rowBytes = 1 + size * 3;
  const raw = Buffer.alloc(rowBytes * size);
  for (let y = 0; y < size; y++) {
    const t = y / Math.max(1, size - 1);
    const colour = top.map((c, i) => Math.round(c + (bottom[i]! - c) * t));
    const offset = y * rowBytes;
    raw[offset] = 0; // filter: none
    raw.fill(Buffer.from(colour), offset + 1, offset + rowBytes);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}
