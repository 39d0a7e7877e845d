import { describe, expect, it } from 'vitest';
import { masterSettingsText } from './master-options';

describe('master settings text', () => {
  it('names the style, the loudness with its target and the format as the studio shows them', () => {
    expect(masterSettingsText({ landrMasterStyle: 'balanced', landrMasterLoudness: 'medium', landrMasterFormat: 'cd' })).toBe(
      'Balanced · Medium (−9 LUFS) · CD',
    );
  });

  it('leaves out what is not known', () => {
    expect(masterSettingsText({ landrMasterStyle: 'warm', landrMasterLoudness: null, landrMasterFormat: null })).toBe('Warm');
    expect(masterSettingsText({ landrMasterStyle: null, landrMasterLoudness: null, landrMasterFormat: null })).toBe('');
  });
});
