// The words a screen may show only when the server can do what they say, in one table: for each
// capability of GET /api/capabilities, the claims allowed only while it is on (they sell or
// promise it) and those allowed only while it is off (they call it unavailable); then the words no
// user's screen may show on any server. The capabilities walk (capabilities-walk.spec.ts) reads
// every screen a new creator can open and checks it against this table and the server's report.
import { ZERO_CONFIG_FACTS } from '../../web/src/lib/capabilities.fixture';
import { CAPABILITY_IDS, describeCapabilities, type CapabilityFacts, type CapabilityId, type CapabilityReport } from '../../domain/platform/capabilities';

export interface Claim {
  /** What a user takes the words to mean, for the failure message. */
  says: string;
  /** Matched against the visible text and tooltips of each card, row, list item, dialog or page. */
  text?: RegExp;
  /** Matched against the accessible names of the enabled buttons, links and menu items. */
  control?: RegExp;
  /** Matched against the address of every link. */
  href?: RegExp;
  /** Counted only where the smallest card, row, list item or dialog around the match also says this. */
  near?: RegExp;
  /** Not counted where the smallest card, row, list item or dialog around the match says this. */
  unless?: RegExp;
}

interface CapabilityClaims {
  /** Shown only while the capability is on: the screen sells, offers or reports it. */
  onlyWhenOn: Claim[];
  /** Shown only while it is off: the screen calls it unavailable. */
  onlyWhenOff: Claim[];
}

/** A line that marks what it sits beside as not sold here: exempts that card or row from "sold" claims. */
const MARKED_UNAVAILABLE = /not (available|offered) on this server|does not offer this yet|not available yet/i;
/** Where "not available on this server" stands next to a capability, it claims that capability is off. */
const NOT_ON_THIS_SERVER = /not (available|offered) on this server/i;

const SPECIFIC: Record<CapabilityId, CapabilityClaims> = {
  'creation-engine': {
    onlyWhenOn: [
      { says: 'AI music creation is sold', text: /AI music (prompts?|generation)/i, unless: MARKED_UNAVAILABLE },
      { says: 'music can be generated here', control: /^Generate(?! Wallet)\b/i },
    ],
    onlyWhenOff: [],
  },
  'card-payments': {
    onlyWhenOn: [
      { says: 'a token package can be bought by card', control: /^Buy (Starter|Pro|Premium)$/ },
      { says: 'a subscription can be paid by card', control: /^Subscribe to /i },
      { says: 'a license can be paid by card', control: /^Pay by card$/i, unless: /XRP Funding Required/ },
    ],
    onlyWhenOff: [{ says: 'card payments are off', text: /card payments are not (available|offered)/i }],
  },
  'ledger-submission': {
    onlyWhenOn: [
      { says: 'a registration reached the XRP Ledger', text: /(Registered|is registered|are registered) on the XRP Ledger/i, unless: MARKED_UNAVAILABLE },
      { says: 'a ledger explorer shows the registration', href: /^https:\/\/([a-z]+\.)?(xrpl\.org|xrpscan\.com|xrplorer\.com|bithomp\.com)\// },
    ],
    onlyWhenOff: [
      { says: 'registrations wait for a ledger', text: /Signed, awaiting ledger submission/i },
      { says: 'this server has no ledger', text: /not connected to the XRP Ledger|waits for a connection to the XRP Ledger/i },
    ],
  },
  'contract-anchors': {
    onlyWhenOn: [
      { says: 'contracts are deployed for a price in XRP', text: /deployed once for \$[\d.]+ in XRP/i },
      { says: 'a contract is recorded on the ledger and cannot change', text: /IMMUTABLE/i },
      { says: 'a contract is protected by the blockchain', text: /Blockchain Protected/i },
    ],
    onlyWhenOff: [],
  },
  'xrp-deposits': {
    onlyWhenOn: [
      { says: 'a token package is sold for XRP', control: /^Buy XRP Pack$/ },
      { says: 'XRP sent here becomes tokens', text: /XRP deposits are credited/i },
    ],
    onlyWhenOff: [],
  },
  'card-onramp': {
    onlyWhenOn: [
      { says: 'XRP can be bought by card', control: /^(Pay by card|Open the card provider)$/i, near: /XRP/ },
    ],
    onlyWhenOff: [],
  },
  withdrawals: {
    onlyWhenOn: [{ says: 'tokens can be withdrawn', control: /^Withdraw\b/i }],
    onlyWhenOff: [],
  },
  'workflow-service': { onlyWhenOn: [], onlyWhenOff: [] },
  distribution: { onlyWhenOn: [], onlyWhenOff: [] },
  'delivery-partner': {
    onlyWhenOn: [
      { says: 'distribution to stores is available now', text: /Available now/i, near: /\bDistribute\b/ },
      { says: 'a release is live on the stores', text: /Live on Platforms/i },
      { says: 'releases reach 150+ platforms', text: /150\+ platforms/i, unless: MARKED_UNAVAILABLE },
    ],
    onlyWhenOff: [],
  },
  'mail-delivery': {
    onlyWhenOn: [{ says: 'an email was sent', text: /\b(we (have )?emailed|email (was |has been )?sent|sent (you |them )?an email)\b/i }],
    onlyWhenOff: [],
  },
  'xrp-escrow': { onlyWhenOn: [], onlyWhenOff: [] },
  // On on every server (reference catalogues); AcoustID is named only where the server asks it, which the report's name says.
  'external-catalogues': {
    onlyWhenOn: [
      { says: 'works are synced with outside databases', text: /External database sync/i },
      { says: 'the check covers outside catalogues', text: /\b(checked|compared) (it )?(against|with) (Spotify|YouTube|ASCAP|BMI|SoundCloud|outside catalogues)/i },
    ],
    onlyWhenOff: [{ says: 'outside catalogues are not available', text: /outside (music )?catalogues (are|is) not available/i }],
  },
  notifications: {
    // Built on every server now, so "the owner is notified" holds everywhere; the claim stays for a server that turns it off.
    onlyWhenOn: [{ says: 'someone is notified', text: /\b(is|are|be|get|gets|been|was|were) notified\b|\b(will|we) notify\b/i }],
    onlyWhenOff: [],
  },
  // On on every server (the settings page is built): the account menu's Settings entry is allowed everywhere.
  'account-settings': {
    onlyWhenOn: [{ says: 'account settings can be opened', control: /^Settings$/i }],
    onlyWhenOff: [],
  },
  analytics: {
    onlyWhenOn: [{ says: 'the analytics figures can be exported', control: /^Export .+ as CSV$/ }],
    onlyWhenOff: [{ says: 'the analytics overview is not built', text: /analytics overview: GOOSE does not offer this yet/i }],
  },
  'support-centre': { onlyWhenOn: [], onlyWhenOff: [] },
  'support-agent-semantic-search': { onlyWhenOn: [], onlyWhenOff: [] },
};

/** Words no user's screen shows on any server: operator words, and promises no server keeps. */
export const NEVER: Claim[] = [
  { says: '"coming soon" promises what no server does today', text: /coming soon/i },
  // A shell variable in a code sample ($GOOSE_API_KEY) is the developer's own, not a server setting.
  { says: 'an operator setting named to a user', text: /(?<![$\w])[A-Z]{2,}_[A-Z_]{2,}\b/ },
  { says: 'a server path shown to a user', text: /data\/releases/ },
  { says: 'the operator\'s mail outbox named to a user', text: /outbox/i },
  { says: 'a price in XRP nobody set', text: /unpriced XRP/i },
  { says: 'distribution royalties kept whole, while the royalty contract takes its share', text: /keep 100\s?% of your (distribution )?royalties|distributor keeps 0\s?%/i },
];

/** Stripe.js: requested only where card payments are on. */
export const STRIPE_JS = /^https:\/\/js\.stripe\.com\//;

/** Every reason the server may give for a capability being off: each is a claim that it is off. */
function reasonClaims(id: CapabilityId): Claim[] {
  const allOff: CapabilityFacts = { ...ZERO_CONFIG_FACTS, workflowService: false };
  const reasons = new Set([allOff, { ...allOff, ledgerConnected: true }].map((facts) => describeCapabilities(facts)[id].reason).filter((reason): reason is string => reason !== null));
  // Only the reason's own sentence: the not-built ones share their first, "GOOSE does not offer this yet."
  return [...reasons].map((reason) => ({ says: `"${reason}"`, text: new RegExp(escape(reason)) }));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The name as a screen writes it, capitalised: "releases go to a sandbox" inside another reason does not name "Releases". */
function nameClaim(name: string): Claim {
  return { says: `${name} is not available on this server`, text: NOT_ON_THIS_SERVER, near: new RegExp(`\\b${escape(name)}\\b`) };
}

export interface CapabilityRules {
  id: CapabilityId;
  onlyWhenOn: Claim[];
  onlyWhenOff: Claim[];
}

/** The table, with each capability's reasons and "not available on this server" beside its name added to its off claims. */
export function capabilityRules(report: CapabilityReport): CapabilityRules[] {
  return CAPABILITY_IDS.map((id) => {
    const own = SPECIFIC[id];
    const generic = [...reasonClaims(id), nameClaim(report[id].name)];
    // The not-built capabilities share a reason sentence; theirs cannot tell one from another on its own.
    return { id, onlyWhenOn: own.onlyWhenOn, onlyWhenOff: [...own.onlyWhenOff, ...generic.filter((claim) => claim.text?.source !== escape('GOOSE does not offer this yet.'))] };
  });
}

/** What the walk read on one screen: its containers (page, dialogs, cards, rows, list items) and controls. */
export interface ScreenReading {
  screen: string;
  /** Each container's visible text (tooltips included), with the index of the container around it. */
  blocks: Array<{ text: string; parent: number | null }>;
  /** Enabled buttons, links and menu items, with the container they sit in. */
  controls: Array<{ name: string; href: string | null; block: number | null }>;
}

export interface Offence {
  screen: string;
  capability: CapabilityId | null;
  says: string;
  words: string;
}

/** The containers whose own text matches: those with no matching container inside them. */
function innermostMatches(reading: ScreenReading, pattern: RegExp): number[] {
  const matching = new Set<number>();
  reading.blocks.forEach((block, index) => {
    if (pattern.test(block.text)) matching.add(index);
  });
  for (const index of [...matching]) {
    const parent = reading.blocks[index]!.parent;
    if (parent !== null) matching.delete(parent);
  }
  // A parent removed above may have had a second matching child: it stays removed, which is right.
  return [...matching];
}

function excerpt(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  if (!match) return text.slice(0, 80);
  const start = Math.max(0, match.index - 40);
  return `${start > 0 ? '…' : ''}${text.slice(start, match.index + match[0].length + 40).replace(/\s+/g, ' ').trim()}…`;
}

/** Where a claim is made on a screen: the words that make it, once per container. */
export function findClaim(reading: ScreenReading, claim: Claim): string[] {
  const around = (block: number | null) => (block === null ? '' : reading.blocks[block]!.text);
  const counts = (block: number | null) => (!claim.near || claim.near.test(around(block))) && !(claim.unless && claim.unless.test(around(block)));
  const found: string[] = [];
  if (claim.text) {
    for (const index of innermostMatches(reading, claim.text)) if (counts(index)) found.push(excerpt(reading.blocks[index]!.text, claim.text));
  }
  if (claim.control) {
    for (const control of reading.controls) if (claim.control.test(control.name) && counts(control.block)) found.push(`an enabled "${control.name}"`);
  }
  if (claim.href) {
    for (const control of reading.controls) if (control.href && claim.href.test(control.href) && counts(control.block)) found.push(`a link to ${control.href}`);
  }
  return found;
}

/** Every claim on a screen that the server's report makes false. */
export function offences(reading: ScreenReading, report: CapabilityReport): Offence[] {
  const found: Offence[] = [];
  const add = (capability: CapabilityId | null, claim: Claim, why: string) => {
    for (const words of findClaim(reading, claim)) found.push({ screen: reading.screen, capability, says: `${claim.says}${why}`, words });
  };
  for (const rules of capabilityRules(report)) {
    const on = report[rules.id].available;
    for (const claim of on ? rules.onlyWhenOff : rules.onlyWhenOn) add(rules.id, claim, on ? `, but ${rules.id} is on` : `, but ${rules.id} is off`);
  }
  for (const claim of NEVER) add(null, claim, '');
  return found;
}
