// The support agent's answers to a user's questions about their own account, from their data by
// templates: why a track is held (the matched passage m:ss–m:ss and the work's title, with where to
// ask for a review), their token balance, where a track or a release stands. Each answer names the
// FAQ entries it rests on, so the user can read the rule behind it.
import type { CopyrightCheck } from '../contracts/lifecycle';
import type { AccountIntent } from './agent-policy';

export interface TrackFacts {
  id: string;
  title: string;
  /** The Vault's words for where the track stands (e.g. "Held for copyright review"). */
  stageLabel: string;
  check: CopyrightCheck | null;
}

export interface ReleaseFacts {
  songName: string;
  /** The release's status in words. */
  statusLabel: string;
  /** Said plainly when nothing reached a real store (the sandbox). */
  notice: string | null;
}

export interface BalanceFacts {
  /** Spendable tokens. */
  availableTokens: number;
  /** Tokens held by running steps until they finish. */
  heldTokens: number;
}

/** What the agent reads of a user's own account (projections/support-agent/account-facts.ts). */
export interface AccountFacts {
  tracks(userId: string): Promise<TrackFacts[]>;
  balance(userId: string): Promise<BalanceFacts | null>;
  releases(userId: string): Promise<ReleaseFacts[]>;
}

export interface AccountAnswer {
  text: string;
  /** Passage ids (FAQ entries) the answer rests on. */
  restsOn: string[];
  actionUrl: string | null;
  actionText: string | null;
}

/** The FAQ entries each template rests on (ids of infra/support-agent/passages.ts). */
export const ACCOUNT_SOURCES = {
  held: ['faq/copyright#why-is-my-track-held-for-review', 'faq/copyright#the-check-found-a-conflict-can-i-contest-it'],
  balance: ['faq/technical#why-does-my-token-balance-look-wrong', 'faq/pricing#what-happens-when-my-balance-runs-low'],
  track: ['faq/platform#how-do-i-hear-about-what-happens-to-my-tracks'],
  release: ['faq/music#can-i-release-my-music-to-stores'],
} as const;

/** The Copyright Oracle tab, where a held check's review is asked for; the case then lives under Dispute Management. */
export const ORACLE_TAB_URL = '/dashboard/oracle';
export const DISPUTES_URL = '/dispute-management';

/** 83.4 → "1:23". */
export function minutesSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Whether the user's data can answer the question: a question about "my track" from someone with no
 * tracks, or about "my tokens" from someone with no token account yet, is a general question, and the
 * articles answer it better than "you have none".
 */
export function accountDataAnswers(intent: AccountIntent, facts: { tracks: TrackFacts[]; balance: BalanceFacts | null; releases: ReleaseFacts[] }): boolean {
  switch (intent) {
    case 'track-held':
    case 'track-status':
      return facts.tracks.length > 0;
    case 'balance':
      return facts.balance !== null;
    case 'release-status':
      return facts.releases.length > 0;
    default: {
      const unknown: never = intent;
      throw new Error(`Unknown account intent ${String(unknown)}`);
    }
  }
}

export function answerAccountQuestion(
  intent: AccountIntent,
  facts: { tracks: TrackFacts[]; balance: BalanceFacts | null; releases: ReleaseFacts[] },
  trackTitle: string | null,
): AccountAnswer {
  switch (intent) {
    case 'track-held':
      return heldAnswer(facts.tracks, trackTitle);
    case 'balance':
      return balanceAnswer(facts.balance);
    case 'track-status':
      return trackStatusAnswer(facts.tracks, trackTitle);
    case 'release-status':
      return releaseAnswer(facts.releases, trackTitle);
    default: {
      const unknown: never = intent;
      throw new Error(`Unknown account intent ${String(unknown)}`);
    }
  }
}

function isHeld(track: TrackFacts): boolean {
  return track.check?.verdict === 'needs_review' && !track.check.review?.decision;
}

function named(tracks: TrackFacts[], title: string | null): TrackFacts[] {
  if (title === null) return tracks;
  return tracks.filter((t) => t.title.toLowerCase() === title.toLowerCase());
}

function heldAnswer(tracks: TrackFacts[], trackTitle: string | null): AccountAnswer {
  const candidates = named(tracks, trackTitle);
  const held = candidates.filter(isHeld);
  const restsOn = [...ACCOUNT_SOURCES.held];
  if (held.length === 0) {
    const which = trackTitle ? `"${trackTitle}" is not held` : 'None of your tracks is held';
    return { text: `${which} for copyright review right now.`, restsOn, actionUrl: null, actionText: null };
  }
  const parts = held.map((track) => {
    const check = track.check!;
    const passage = [...check.passages].sort((a, b) => b.similarity - a.similarity)[0];
    const reason = passage
      ? `it matches passage ${minutesSeconds(passage.upload.startSeconds)}–${minutesSeconds(passage.upload.endSeconds)} of "${passage.title}" by ${passage.owner} (${minutesSeconds(passage.work.startSeconds)}–${minutesSeconds(passage.work.endSeconds)} of that work)`
      : check.conflicts[0]
        ? `it matches the registered work "${check.conflicts[0].title ?? 'untitled'}" by ${check.conflicts[0].owner}`
        : 'the copyright check found part of it too close to a registered work';
    const next = check.review
      ? 'A reviewer has its case under Dispute Management.'
      : check.reviewRequest
        ? 'You asked for a review; a reviewer will decide.'
        : 'You can ask for a review on the Copyright Oracle tab.';
    return `Your track "${track.title}" is held because ${reason}. ${next}`;
  });
  const reviewing = held.every((t) => t.check!.review);
  return {
    text: parts.join(' '),
    restsOn,
    actionUrl: reviewing ? DISPUTES_URL : ORACLE_TAB_URL,
    actionText: reviewing ? 'Open Dispute Management' : 'Ask for a review here',
  };
}

function balanceAnswer(balance: BalanceFacts | null): AccountAnswer {
  const restsOn = [...ACCOUNT_SOURCES.balance];
  if (!balance) return { text: 'You have no token account yet: it opens with your wallet.', restsOn, actionUrl: null, actionText: null };
  const held = balance.heldTokens > 0 ? ` ${formatTokens(balance.heldTokens)} more are held by steps still running, until they finish.` : '';
  return { text: `You have ${formatTokens(balance.availableTokens)} to spend.${held}`, restsOn, actionUrl: null, actionText: null };
}

function formatTokens(tokens: number): string {
  const rounded = Math.round(tokens * 100) / 100;
  return `${rounded.toLocaleString('en-US')} ${rounded === 1 ? 'token' : 'tokens'}`;
}

function trackStatusAnswer(tracks: TrackFacts[], trackTitle: string | null): AccountAnswer {
  const restsOn = [...ACCOUNT_SOURCES.track];
  const candidates = named(tracks, trackTitle).slice(0, 3);
  if (candidates.length === 0) return { text: 'You have no tracks yet.', restsOn, actionUrl: '/dashboard/upload', actionText: 'Upload a track' };
  const lines = candidates.map((t) => `"${t.title}": ${t.stageLabel}.`);
  const more = !trackTitle && tracks.length > candidates.length ? ` (your ${candidates.length} newest of ${tracks.length})` : '';
  return { text: `Where your tracks stand${more}: ${lines.join(' ')}`, restsOn, actionUrl: '/dashboard/vault', actionText: 'Open the Vault' };
}

function releaseAnswer(releases: ReleaseFacts[], trackTitle: string | null): AccountAnswer {
  const restsOn = [...ACCOUNT_SOURCES.release];
  const candidates = (trackTitle ? releases.filter((r) => r.songName.toLowerCase() === trackTitle.toLowerCase()) : releases).slice(0, 3);
  if (candidates.length === 0) return { text: trackTitle ? `"${trackTitle}" has no release.` : 'You have no releases yet.', restsOn, actionUrl: '/dashboard/distributions', actionText: 'Open Distributions' };
  const lines = candidates.map((r) => `"${r.songName}": ${r.statusLabel}.${r.notice ? ` ${r.notice}` : ''}`);
  return { text: `Your releases: ${lines.join(' ')}`, restsOn, actionUrl: '/dashboard/distributions', actionText: 'Open Distributions' };
}
