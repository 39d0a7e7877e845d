import { describe, expect, it } from 'vitest';
import { describeConflict, describePassage, formatDay, registryWorkUrl } from './registered-work';

describe('registered works as the creator reads them', () => {
  it('reads a passage as the two time ranges side by side, with the work named', () => {
    const passage = {
      workId: 'w1',
      title: 'Harbour Lights',
      owner: 'alice',
      registeredAt: '2026-03-12T23:30:00.000Z',
      kind: 'melody' as const,
      similarity: 71.4,
      upload: { startSeconds: 42, endSeconds: 70 },
      work: { startSeconds: 65, endSeconds: 93 },
    };
    expect(describePassage(passage)).toBe('0:42–1:10 of your track ↔ 1:05–1:33 of “Harbour Lights” by alice, registered 12 Mar 2026, melody, 71 % similar');
  });

  it('names a conflict\'s work, and never shows the owner id of a check recorded before works were named', () => {
    expect(describeConflict({ workId: 'w2', title: 'Harbour Lights', owner: 'alice', registeredAt: '2026-11-24T10:00:00.000Z', similarity: 97, kind: 'fingerprint' })).toBe(
      '97% fingerprint similarity to “Harbour Lights” by alice, registered 24 Nov 2026',
    );
    const old = describeConflict({ workId: 'w3', title: null, owner: '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11', registeredAt: null, similarity: 96, kind: 'fingerprint' });
    expect(old).toBe('96% fingerprint similarity to a registered work (this check did not record its name)');
    expect(old).not.toContain('7c1f7a52');
  });

  it('formats a registration date as day, short month and year, or a dash when there is none', () => {
    expect(formatDay('2026-03-12T00:00:00.000Z')).toBe('12 Mar 2026');
    expect(formatDay('not a date')).toBe('—');
  });

  it("links a matched work to its registry entry by the track id the oracle's work id starts with", () => {
    expect(registryWorkUrl('track-1:check-9')).toBe('/rights-registry?work=track-1');
    expect(registryWorkUrl('cli work')).toBe('/rights-registry?work=cli%20work');
  });
});
