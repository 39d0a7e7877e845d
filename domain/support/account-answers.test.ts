// The account templates: a held track's passage in m:ss–m:ss with the work's title and where to ask
// for a review; the balance; a track's and a release's status; each with the FAQ entries it rests on.
import { describe, expect, it } from 'vitest';
import type { CopyrightCheck } from '../contracts/lifecycle';
import { ACCOUNT_SOURCES, answerAccountQuestion, minutesSeconds, ORACLE_TAB_URL, type TrackFacts } from './account-answers';

function heldCheck(overrides: Partial<CopyrightCheck> = {}): CopyrightCheck {
  return {
    verdict: 'needs_review',
    passages: [
      { workId: 'w1', title: 'Harbour Lights', owner: 'mira', registeredAt: '2026-10-01', kind: 'melody', similarity: 0.91, upload: { startSeconds: 83.4, endSeconds: 101 }, work: { startSeconds: 12, endSeconds: 29.9 } },
      { workId: 'w2', title: 'Other', owner: 'zed', registeredAt: '2026-10-01', kind: 'recording', similarity: 0.5, upload: { startSeconds: 1, endSeconds: 5 }, work: { startSeconds: 1, endSeconds: 5 } },
    ],
    conflicts: [],
    review: null,
    reviewRequest: null,
    ...overrides,
  } as CopyrightCheck;
}

const facts = (tracks: TrackFacts[]) => ({ tracks, balance: { availableTokens: 42.5, heldTokens: 3 }, releases: [{ songName: 'Night Drive', statusLabel: 'Live on Platforms', notice: null }] });

describe('answerAccountQuestion', () => {
  it('says why a track is held: the closest passage, the work and its owner, and where to ask for a review', () => {
    const answer = answerAccountQuestion('track-held', facts([{ id: 't1', title: 'Night Drive', stageLabel: 'Held for copyright review', check: heldCheck() }]), null);
    expect(answer.text).toBe('Your track "Night Drive" is held because it matches passage 1:23–1:41 of "Harbour Lights" by mira (0:12–0:29 of that work). You can ask for a review on the Copyright Oracle tab.');
    expect(answer).toMatchObject({ actionUrl: ORACLE_TAB_URL, actionText: 'Ask for a review here', restsOn: [...ACCOUNT_SOURCES.held] });
  });

  it('points to the case once a reviewer has it, and says when nothing is held', () => {
    const reviewing = answerAccountQuestion('track-held', facts([{ id: 't1', title: 'A', stageLabel: '', check: heldCheck({ review: { disputeId: 'd', openedAt: '', decision: null } } as Partial<CopyrightCheck>) }]), null);
    expect(reviewing.actionUrl).toBe('/dispute-management');
    expect(answerAccountQuestion('track-held', facts([{ id: 't1', title: 'A', stageLabel: 'Registered', check: null }]), 'A').text).toBe('"A" is not held for copyright review right now.');
  });

  it('answers the balance, the tracks and the releases', () => {
    expect(answerAccountQuestion('balance', facts([]), null).text).toBe('You have 42.5 tokens to spend. 3 tokens more are held by steps still running, until they finish.');
    expect(answerAccountQuestion('track-status', facts([{ id: 't1', title: 'A', stageLabel: 'Mastering', check: null }]), null).text).toBe('Where your tracks stand: "A": Mastering.');
    expect(answerAccountQuestion('release-status', facts([]), 'night drive').text).toBe('Your releases: "Night Drive": Live on Platforms.');
  });

  it('writes times as m:ss', () => {
    expect([minutesSeconds(0), minutesSeconds(59.9), minutesSeconds(600)]).toEqual(['0:00', '0:59', '10:00']);
  });
});
