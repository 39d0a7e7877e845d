import { describe, expect, it } from 'vitest';
import { audioPath, downloadFileName, safeFileTitle } from './download-names';

const item = {
  title: 'First Light',
  filePath: '/uploads/2b1c.wav',
  landrMasteredFilePath: '/uploads/2b1c-master.wav',
  landrPreviewFilePath: '/uploads/2b1c-preview.mp3',
  metadata: { originalName: 'first-light.WAV' },
} as Parameters<typeof downloadFileName>[0] & Parameters<typeof audioPath>[0];

describe('download names', () => {
  it('names the original by its own extension, the master and preview by theirs', () => {
    expect(downloadFileName(item)).toBe('First Light.wav');
    expect(downloadFileName(item, 'master')).toBe('First Light_mastered.wav');
    expect(downloadFileName(item, 'preview')).toBe('First Light_preview.mp3');
  });

  it('keeps names safe and non-empty', () => {
    expect(safeFileTitle('a/b:c?')).toBe('a_b_c_');
    expect(safeFileTitle('   ')).toBe('download');
    expect(downloadFileName({ ...item, landrMasteredFilePath: '/uploads/master.cd.flac?x=1' }, 'master')).toBe('First Light_mastered.flac');
  });

  it('finds the stored file of each kind', () => {
    expect(audioPath(item, 'original')).toBe('/uploads/2b1c.wav');
    expect(audioPath(item, 'master')).toBe('/uploads/2b1c-master.wav');
    expect(audioPath({ ...item, landrPreviewFilePath: null }, 'preview')).toBeNull();
  });
});
