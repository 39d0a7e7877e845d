import { describe, expect, it } from 'vitest';
import { checkRelease, defaultReleaseForm, leadTimeProblem, localDateString, NO_STORES_DETAIL, NO_STORES_SUMMARY, RELEASE_DATE_IN_PAST, type ReleaseForm } from './release-form';

const today = new Date(2026, 10, 5, 23, 30); // 5 Nov 2026, late evening local time

function filled(overrides: Partial<ReleaseForm> = {}): ReleaseForm {
  return { ...defaultReleaseForm({ title: 'First Light' }, { username: 'ada' }, today), selectedStores: ['spotify'], ...overrides };
}

describe('the Distribution dialog defaults', () => {
  it('fills names from the creator and the track, Electronic, both dates four weeks ahead, advisory off, split 100, no store, the creator credited, the generated cover', () => {
    expect(defaultReleaseForm({ title: 'First Light' }, { username: 'ada' }, today)).toEqual({
      artistName: 'ada',
      albumName: 'First Light - Single',
      songName: 'First Light',
      primaryGenre: 'Electronic',
      secondaryGenre: null,
      labelName: 'ada',
      recordingLocation: '',
      releaseDate: '2026-12-03',
      saleDate: '2026-12-03',
      parentalAdvisory: false,
      royaltySplit: 100,
      selectedStores: [],
      credits: [
        { name: 'ada', role: 'ComposerLyricist' },
        { name: 'ada', role: 'MainArtist' },
      ],
      coverArtId: null,
    });
  });

  it('takes today as the local calendar day', () => {
    expect(localDateString(new Date(2027, 0, 9))).toBe('2027-01-09');
  });
});

describe('checking a release before it is sent', () => {
  it('asks for a store first, with the form’s message', () => {
    expect(checkRelease('c1', filled({ selectedStores: [], artistName: '' }))).toEqual({ ok: false, summary: NO_STORES_SUMMARY, detail: NO_STORES_DETAIL });
    expect(NO_STORES_SUMMARY).toBe('No Stores Selected');
    expect(NO_STORES_DETAIL).toBe('Please select at least one streaming platform for distribution');
  });

  it('sends trimmed names, no secondary genre when none is chosen, and the stores', () => {
    const check = checkRelease('c1', filled({ artistName: '  ada  ', secondaryGenre: '' }), today);
    expect(check).toEqual({ ok: true, request: expect.objectContaining({ contentId: 'c1', artistName: 'ada', secondaryGenre: null, selectedStores: ['spotify'], royaltySplit: 100 }) });
  });

  it('keeps the royalty split a whole number from 1 to 100', () => {
    expect(checkRelease('c1', filled({ royaltySplit: 1 }), today).ok).toBe(true);
    for (const split of [0, 101, 50.5, null]) {
      expect(checkRelease('c1', filled({ royaltySplit: split }), today)).toEqual({
        ok: false,
        summary: 'Check the release details',
        detail: 'The royalty split must be a whole number from 1 to 100',
      });
    }
  });

  it('says which name is missing and refuses a date that is not a day', () => {
    expect(checkRelease('c1', filled({ labelName: '   ' }), today)).toMatchObject({ ok: false, detail: 'Please enter the label name' });
    expect(checkRelease('c1', filled({ releaseDate: '' }), today)).toMatchObject({ ok: false, detail: 'Dates are YYYY-MM-DD' });
  });
});

describe('credits and the release lead time', () => {
  it('asks for at least one songwriter and one performer', () => {
    expect(checkRelease('c1', filled({ credits: [{ name: 'ada', role: 'MainArtist' }] }), today)).toMatchObject({ ok: false, detail: 'Credit at least one songwriter and one performer' });
    expect(checkRelease('c1', filled({ credits: [{ name: ' ', role: 'Composer' }, { name: 'ada', role: 'Vocalist' }] }), today)).toMatchObject({ ok: false, detail: 'Please enter each credited name' });
    const check = checkRelease('c1', filled({ credits: [{ name: ' Bo ', role: 'Lyricist' }, { name: 'ada', role: 'Vocalist' }] }), today);
    expect(check).toMatchObject({ ok: true, request: { credits: [{ name: 'Bo', role: 'Lyricist' }, { name: 'ada', role: 'Vocalist' }], coverArtId: null } });
  });

  it('refuses a past date and warns under seven days ahead', () => {
    expect(leadTimeProblem('2026-11-04', today)).toBe('past');
    expect(leadTimeProblem('2026-11-05', today)).toBe('short');
    expect(leadTimeProblem('2026-11-11', today)).toBe('short');
    expect(leadTimeProblem('2026-11-12', today)).toBeNull();
    expect(checkRelease('c1', filled({ releaseDate: '2026-11-04', saleDate: '2026-11-04' }), today)).toMatchObject({ ok: false, detail: RELEASE_DATE_IN_PAST });
  });
});
