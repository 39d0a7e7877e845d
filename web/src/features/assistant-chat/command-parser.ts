// What a typed chat message asks for: one of the product's real commands (master with a style and
// a loudness target, the copyright check, registration, a royalty contract), a move to a tab, or a
// question for the support agent. Pure, so the grammar is tested on its own. The mastering styles
// and loudness targets are the engine's (domain/constants.ts); a style or target it does not offer
// is refused here with what it does offer, never rounded to the nearest one.
import {
  MASTER_DEFAULTS,
  MASTER_LOUDNESS_LEVELS,
  MASTER_LOUDNESS_LUFS,
  MASTER_STYLES,
  type MasterLoudnessOption,
  type MasterStyleOption,
} from '../../../../domain/constants';
import type { DashboardTab } from '../../lib/dashboard-tabs';

/** The track a command is about: the one the chat works on ("it"), or one named by its title. */
export type TrackRef = { kind: 'current' } | { kind: 'named'; title: string };

/** The tabs the assistant's actions lead to (the spec's list). */
export type ChatTab = Extract<DashboardTab, 'upload' | 'oracle' | 'smart-contracts' | 'mastering' | 'distributions'>;

export type ChatCommand =
  | { kind: 'master'; track: TrackRef; style: MasterStyleOption; loudness: MasterLoudnessOption }
  | { kind: 'check'; track: TrackRef }
  | { kind: 'register'; track: TrackRef }
  | { kind: 'contract'; track: TrackRef }
  | { kind: 'navigate'; tab: ChatTab }
  /** A command the product cannot do as asked, and why. */
  | { kind: 'refused'; reason: string }
  /** Anything else goes to the support agent. */
  | { kind: 'ask'; question: string }
  /** An empty message: ignored. */
  | { kind: 'empty' };

export type TrackCommand = Extract<ChatCommand, { track: TrackRef }>;

/** The tab where each command's work is seen. */
export const COMMAND_TABS: Record<TrackCommand['kind'], ChatTab> = {
  master: 'mastering',
  check: 'oracle',
  register: 'oracle',
  contract: 'smart-contracts',
};

export const TAB_LABELS: Record<ChatTab, string> = {
  upload: 'Upload',
  oracle: 'Copyright Oracle',
  'smart-contracts': 'Smart Contracts',
  mastering: 'Mastering',
  distributions: 'Distributions',
};

const CURRENT_TRACK = /^(?:it|this|that|this track|that track|the track|my track|the song|this song)$/i;
const FILLER = new Set(['please', 'with', 'a', 'the', 'style', 'sound', 'and', 'loudness', 'target', 'for', 'me', 'now', 'on']);

/** "−9 LUFS" with a true minus sign. */
export function lufsText(lufs: number): string {
  return `${lufs < 0 ? '−' : ''}${Math.abs(lufs)} LUFS`;
}

const OFFERED_TARGETS = MASTER_LOUDNESS_LEVELS.map((level) => `${lufsText(MASTER_LOUDNESS_LUFS[level])} (${level})`).join(', ');

/** "it", a quoted title, or the words left: the track a command names. */
function trackOf(words: string): TrackRef {
  const text = words.trim().replace(/^(?:on|for)\s+/i, '');
  const quoted = /^["“'‘](.+)["”'’]$/.exec(text);
  if (quoted) return { kind: 'named', title: quoted[1]!.trim() };
  if (text === '' || CURRENT_TRACK.test(text)) return { kind: 'current' };
  return { kind: 'named', title: text };
}

function parseMaster(rest: string): ChatCommand {
  // A quoted title is taken whole first, so a number in it is never read as a loudness target.
  const quoted = /["“'‘]([^"”'’]+)["”'’]/.exec(rest);
  let text = ` ${quoted ? rest.replace(quoted[0], ' it ') : rest} `;
  let loudness: MasterLoudnessOption = MASTER_DEFAULTS.loudness;
  const target = /\s(?:at|to)?\s*([-−–]?\d+(?:[.,]\d+)?)\s*(?:lufs|lu|db)?(?=\s)/i.exec(text);
  if (target) {
    const asked = -Math.abs(Number(target[1]!.replace(/[−–]/, '-').replace(',', '.')));
    const level = MASTER_LOUDNESS_LEVELS.find((candidate) => MASTER_LOUDNESS_LUFS[candidate] === asked);
    if (!level) return { kind: 'refused', reason: `The mastering engine does not master to ${lufsText(asked)}. It offers ${OFFERED_TARGETS}.` };
    loudness = level;
    text = text.replace(target[0], ' ');
  } else {
    const named = new RegExp(`\\s(${MASTER_LOUDNESS_LEVELS.join('|')})\\s+loudness(?=\\s)`, 'i').exec(text);
    if (named) {
      loudness = named[1]!.toLowerCase() as MasterLoudnessOption;
      text = text.replace(named[0], ' ');
    }
  }
  let style: MasterStyleOption = MASTER_DEFAULTS.style;
  const styleMatch = new RegExp(`\\s(${MASTER_STYLES.join('|')})(?=\\s)`, 'i').exec(text);
  if (styleMatch) {
    style = styleMatch[1]!.toLowerCase() as MasterStyleOption;
    text = text.replace(styleMatch[0], ' ');
  }
  const words = text.trim().split(/\s+/).filter(Boolean);
  // "master it bright": with the track already named "it", a word left over is a style the engine lacks.
  const [first, ...others] = words;
  if (first && CURRENT_TRACK.test(first)) {
    const unknown = others.filter((word) => !FILLER.has(word.toLowerCase()));
    if (unknown.length > 0) {
      return { kind: 'refused', reason: `The mastering engine has no “${unknown.join(' ')}” style. It offers ${MASTER_STYLES.join(', ')}.` };
    }
    return { kind: 'master', track: quoted ? { kind: 'named', title: quoted[1]!.trim() } : { kind: 'current' }, style, loudness };
  }
  return { kind: 'master', track: trackOf(words.filter((word) => !FILLER.has(word.toLowerCase())).join(' ')), style, loudness };
}

const NAVIGATION: [RegExp, ChatTab][] = [
  [/^(?:the\s+)?(?:upload|uploads)(?:\s+tab)?$/i, 'upload'],
  [/^(?:the\s+)?(?:copyright\s+)?oracle(?:\s+tab)?$/i, 'oracle'],
  [/^(?:the\s+)?(?:smart[\s-]+)?contracts?(?:\s+tab)?$/i, 'smart-contracts'],
  [/^(?:the\s+)?master(?:ing)?(?:\s+tab)?$/i, 'mastering'],
  [/^(?:the\s+)?distributions?(?:\s+tab)?$/i, 'distributions'],
];

/** Reads one typed message. */
export function parseMessage(message: string): ChatCommand {
  const text = message.trim().replace(/[.!]+$/, '').replace(/\s+/g, ' ');
  if (text === '') return { kind: 'empty' };
  // A question is a question, even when it names a command ("how do I register it?").
  if (text.endsWith('?')) return { kind: 'ask', question: message.trim() };

  const master = /^(?:please\s+)?master\b\s*(.*)$/i.exec(text);
  if (master) return parseMaster(master[1]!);

  const check = /^(?:please\s+)?(?:run\s+(?:the\s+|a\s+)?copyright\s+check|copyright[\s-]check|check)\b\s*(.*)$/i.exec(text);
  if (check) return { kind: 'check', track: trackOf(check[1]!) };

  const register = /^(?:please\s+)?register\b\s*(.*)$/i.exec(text);
  if (register) return { kind: 'register', track: trackOf(register[1]!) };

  const contract = /^(?:please\s+)?(?:make|create|draft|set\s+up|start)\s+(?:a\s+|the\s+|my\s+)?(?:royalty\s+|smart\s+)?contract\b\s*(.*)$/i.exec(text);
  if (contract) return { kind: 'contract', track: trackOf(contract[1]!) };

  const go = /^(?:go\s+to|open|show(?:\s+me)?|take\s+me\s+to)\s+(.+)$/i.exec(text);
  const destination = go && NAVIGATION.find(([pattern]) => pattern.test(go[1]!));
  if (destination) return { kind: 'navigate', tab: destination[1] };
  if (/^distribute\b/i.test(text)) return { kind: 'navigate', tab: 'distributions' };

  return { kind: 'ask', question: message.trim() };
}

/** The track a named command means among the user's tracks: an exact title first (any case), else one title that contains the words. */
export function findTrackByTitle<T extends { title: string }>(items: readonly T[], title: string): T | null {
  const wanted = title.trim().toLowerCase();
  const exact = items.find((item) => item.title.trim().toLowerCase() === wanted);
  if (exact) return exact;
  const partial = items.filter((item) => item.title.toLowerCase().includes(wanted));
  return partial.length === 1 ? partial[0]! : null;
}
