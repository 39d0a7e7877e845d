import { describe, expect, it } from 'vitest';
import { ACCEPT, ACCEPTED_SUMMARY, contentTypeFor } from './accepted-formats';

describe('accepted upload formats', () => {
  it('lets the picker choose every common audio container and the videos whose audio can be music', () => {
    for (const ext of ['mp3', 'wav', 'flac', 'aiff', 'aif', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'wma', 'mka', 'mp4', 'mov', 'webm', 'mkv', 'jpg', 'png', 'txt', 'pdf', 'docx']) {
      expect(ACCEPT.split(',')).toContain(`.${ext}`);
    }
  });

  it('suggests the content type from the name, case-insensitively', () => {
    expect(contentTypeFor('Track 01.M4A')).toBe('music');
    expect(contentTypeFor('voice memo.opus')).toBe('music');
    expect(contentTypeFor('clip.webm')).toBe('video');
    expect(contentTypeFor('cover.jpeg')).toBe('image');
    expect(contentTypeFor('lyrics.docx')).toBe('text');
    expect(contentTypeFor('setup.exe')).toBeNull();
    expect(contentTypeFor('no-extension')).toBeNull();
  });

  it('names the formats by kind', () => {
    expect(ACCEPTED_SUMMARY).toMatch(/^Music: mp3, wav, flac, aiff, aif, m4a, aac, ogg, oga, opus, wma, mka · Video: mp4, m4v, mov, webm, mkv, wmv, asf · Images: jpg, jpeg, png · Text: txt, pdf, docx$/);
  });
});
