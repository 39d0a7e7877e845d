// The spec's audio types and the upload's size limit, refused in the spec's words.
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../../domain/constants';
import { audioFileRefusal, FILE_TOO_LARGE, INVALID_FILE_TYPE, titleFromFileName } from './audio-file';

describe('audioFileRefusal', () => {
  it('takes MP3, MP4, WAV and FLAC up to the upload\'s limit (300 MB)', () => {
    for (const type of ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/x-wav', 'audio/flac']) expect(audioFileRefusal({ type, size: 1000 })).toBeNull();
    expect(audioFileRefusal({ type: 'audio/wav', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('refuses other types and larger files in the spec\'s words', () => {
    expect(audioFileRefusal({ type: 'image/png', size: 10 })).toBe('Invalid File Type: Please upload an MP3, MP4, WAV, or FLAC file.');
    expect(audioFileRefusal({ type: '', size: 10 })).toBe(INVALID_FILE_TYPE);
    expect(audioFileRefusal({ type: 'audio/wav', size: MAX_UPLOAD_BYTES + 1 })).toBe('File Too Large: Please upload a file smaller than 300MB.');
    expect(FILE_TOO_LARGE).toContain('300MB');
  });
});

describe('titleFromFileName', () => {
  it('drops the extension', () => {
    expect(titleFromFileName('harbour_lights.wav')).toBe('harbour lights');
    expect(titleFromFileName('.wav')).toBe('.wav');
  });
});
