// Checks a creator's cover art the way stores do before it goes into a release package: the type
// from its bytes (file-type, never the name), a PNG decoded whole with pngjs (a broken one is
// refused), a JPEG's size from its frame header, and the size stores ask for (square, at least
// 3000×3000). Answers what is wrong in words the creator can act on.
import { fileTypeFromBuffer } from 'file-type';
import { PNG } from 'pngjs';
import { COVER_MIN_SIDE } from '../../domain/contracts/distribution';

export type CoverMimeType = 'image/jpeg' | 'image/png';
export type CoverCheck = { ok: true; mimeType: CoverMimeType; extension: 'jpg' | 'png'; width: number; height: number } | { ok: false; reason: string };

export const NOT_A_COVER_IMAGE = 'The cover must be a JPEG or PNG image';

export async function checkCoverImage(bytes: Buffer): Promise<CoverCheck> {
  const type = await fileTypeFromBuffer(bytes);
  let size: { width: number; height: number } | null;
  if (type?.mime === 'image/png') size = pngSize(bytes);
  else if (type?.mime === 'image/jpeg') size = jpegSize(bytes);
  else return { ok: false, reason: type ? `${NOT_A_COVER_IMAGE} (this file is ${type.ext.toUpperCase()})` : NOT_A_COVER_IMAGE };
  if (!size) return { ok: false, reason: `The cover could not be read: the ${type.ext.toUpperCase()} image is damaged` };
  const { width, height } = size;
  if (width !== height) return { ok: false, reason: `The cover must be square: this one is ${width}×${height} pixels` };
  if (width < COVER_MIN_SIDE) return { ok: false, reason: `The cover must be at least ${COVER_MIN_SIDE}×${COVER_MIN_SIDE} pixels: this one is ${width}×${height}` };
  return type.mime === 'image/png' ? { ok: true, mimeType: 'image/png', extension: 'png', width, height } : { ok: true, mimeType: 'image/jpeg', extension: 'jpg', width, height };
}

/** Decodes the whole PNG (CRCs, zlib data), so a truncated or corrupted file is refused. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  try {
    const png = PNG.sync.read(bytes);
    return { width: png.width, height: png.height };
  } catch {
    return null;
  }
}

/** Width and height from a JPEG's start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC), or null. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    offset += 2 + length;
  }
  return null;
}
