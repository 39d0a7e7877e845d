// Keeps the FAQ and the legal documents true to the code: their front matter is what the loader
// reads, and every price, limit and deadline they state is built here from the constant the code
// runs on, so changing a figure in the code fails this test until the documents say the new one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COPYRIGHT_CHECK_MIN_SECONDS, MASTER_STYLES, MAX_UPLOAD_BYTES, WELCOME_BONUS_TOKENS } from '../domain/constants';
import { EMAIL_CONFIRMATION_TTL_HOURS } from '../domain/contracts/account';
import { MAX_EVIDENCE_BYTES } from '../domain/contracts/disputes';
import { API_TIER_LIMITS, FAILED_REQUEST_RATIO_LIMIT, FAILURE_MIN_CALLS, FAILURE_WINDOW_CALLS, PAID_CALL_CENTS, REQUESTS_PER_MINUTE, V1_MAX_UPLOAD_BYTES } from '../domain/developer/api-tiers';
import { DEADLINE_REMINDER_DAYS, DISPUTE_DEADLINES } from '../domain/disputes/deadlines';
import { CONTRACT_DEPLOY_PRICE_USD, MINIMUM_DISTRIBUTION_CENTS, RECEIVER_MAX_PERCENTAGE, RECEIVER_MIN_PERCENTAGE, TEMPLATE_CREATOR_SHARE, type ContractTemplate } from '../domain/royalties/terms';
import {
  LOW_BALANCE_WARNING_TOKENS,
  LOW_TOKEN_POPUP_TOKENS,
  SERVICE_PRICES,
  SUBSCRIPTION_TIERS,
  TOKEN_PACKAGES,
  findPackage,
  findTier,
  type PricedService,
} from '../domain/tokens/catalogue';
import { LOGIN_PER_ACCOUNT } from '../api/plugins/throttle';
import { SESSION_TTL_MS } from '../infra/auth/session-store';
import { MATCH_BER } from '../infra/audio/fingerprint';
import { LOUDNESS_TARGETS, PREVIEW_MAX_SECONDS, PREVIEW_MAX_SHARE } from '../infra/audio/mastering';
import { CLEARANCE_THRESHOLD, MELODIC_MATCH } from '../infra/audio/oracle';

const CONTENT_DIR = path.dirname(new URL(import.meta.url).pathname);
const LEGAL_IDS = ['terms', 'privacy', 'copyright', 'oracle', 'api', 'smart-contracts'];
const FAQ_CATEGORIES = ['platform', 'smart-contracts', 'pricing', 'copyright', 'music', 'technical'];

interface Doc {
  file: string;
  meta: Record<string, unknown>;
  body: string;
  /** The body as prose: markdown emphasis and code marks dropped, every run of white space one space. */
  text: string;
}

function readDoc(file: string): Doc {
  const raw = readFileSync(path.join(CONTENT_DIR, file), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raw);
  if (!match) throw new Error(`${file} does not start with YAML front matter between --- lines`);
  const meta = parse(match[1]!) as Record<string, unknown>;
  const body = match[2]!;
  return { file, meta, body, text: prose(body) };
}

function prose(markdown: string): string {
  return markdown.replace(/\*\*|`/g, '').replace(/\s+/g, ' ');
}

function docsIn(folder: string): Doc[] {
  return readdirSync(path.join(CONTENT_DIR, folder))
    .filter((name) => name.endsWith('.md'))
    .map((name) => readDoc(`${folder}/${name}`));
}

const legal = docsIn('legal');
const faq = docsIn('faq');
const all = [...legal, ...faq];
const doc = (file: string): Doc => {
  const found = all.find((d) => d.file === file);
  if (!found) throw new Error(`content/${file} is missing`);
  return found;
};

/** "2 copyright registrations" etc.: a number as the documents write it (14.99, 10,000, 0.3). */
const num = (value: number): string => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
const usd = (value: number): string => value.toFixed(2);
const mb = (bytes: number): number => bytes / (1024 * 1024);
const days = (ms: number): number => ms / (24 * 60 * 60 * 1000);
const price = (service: PricedService): string => num(SERVICE_PRICES[service]);
const pkg = (id: string): string => usd(findPackage(id)!.price);
const tier = (id: string): string => usd(findTier(id)!.monthlyPrice);
const allowance = (id: string, service: PricedService): string => String(findTier(id)!.allowances[service]);
const TEMPLATE_NAMES: Record<ContractTemplate, string> = { standard_royalty: 'Standard royalty', premium_royalty: 'Premium royalty', revenue_sharing: 'Revenue sharing' };
const templateRow = (template: ContractTemplate): string => `| ${TEMPLATE_NAMES[template]} | ${TEMPLATE_CREATOR_SHARE[template]}% | ${100 - TEMPLATE_CREATOR_SHARE[template]}% |`;
const apiRow = (name: string, tierId: keyof typeof API_TIER_LIMITS): string => {
  const limits = API_TIER_LIMITS[tierId];
  const daily = limits.dailyLimit === null ? 'no daily limit' : num(limits.dailyLimit);
  const perCall = limits.pricePerCallCents === 0 ? 'free' : `$${usd(limits.pricePerCallCents / 100)} in tokens`;
  return `| ${name} | ${num(limits.monthlyQuota)} | ${daily} | ${perCall} |`;
};
const lufs = (db: number): string => `${db < 0 ? '−' : ''}${Math.abs(db)} LUFS`;

/** Each document and the figures it must state, every one written from the code's constant. */
const STATED: Record<string, string[]> = {
  'legal/terms.md': [
    `One token is worth 1 USD`,
    `welcome bonus of ${WELCOME_BONUS_TOKENS} tokens`,
    `Professional mastering: ${price('professional-mastering')} tokens a master`,
    `Copyright registration: ${price('copyright-registration')} tokens, charged only when the registration succeeds`,
    `AI music generation: ${price('ai-music-generation')} tokens a song`,
    `Distribution setup: ${price('distribution-setup')} tokens per release per year`,
    `Starter ${pkg('starter')}, Pro ${pkg('pro')}, Premium ${pkg('premium')} USD`,
    `Bronze ${tier('bronze')}, Silver ${tier('silver')}, Gold ${tier('gold')}, Platinum ${tier('platinum')} USD a month`,
    `up to ${mb(MAX_UPLOAD_BYTES)} MB a file`,
  ],
  'legal/privacy.md': [`works for ${EMAIL_CONFIRMATION_TTL_HOURS} hours`, `A session lasts at most ${days(SESSION_TTL_MS)} days`],
  'legal/copyright.md': [
    `${DISPUTE_DEADLINES.respondentAnswerDays} days to answer. The work's owner has ${DISPUTE_DEADLINES.respondentAnswerDays} days to answer the claim`,
    `${DISPUTE_DEADLINES.evidenceDueDays} days for evidence`,
    `it is due ${DISPUTE_DEADLINES.evidenceDueDays} days later`,
    `${DISPUTE_DEADLINES.appealWindowDays} days to appeal`,
    `appeal once within ${DISPUTE_DEADLINES.appealWindowDays} days`,
    `reminded ${DEADLINE_REMINDER_DAYS[0]} days and ${DEADLINE_REMINDER_DAYS[1]} day before a deadline`,
  ],
  'legal/oracle.md': [
    `shorter than ${COPYRIGHT_CHECK_MIN_SECONDS} seconds`,
    `bit error rate of ${MATCH_BER}`,
    `aligned correlation of ${MELODIC_MATCH} or more`,
    `A track passes at ${CLEARANCE_THRESHOLD}`,
    `the score is ${CLEARANCE_THRESHOLD} or more`,
  ],
  'legal/api.md': [
    apiRow('Free', 'free'),
    apiRow('Pro', 'pro'),
    apiRow('Enterprise', 'enterprise'),
    `at most ${REQUESTS_PER_MINUTE} requests a minute`,
    `pass ${FAILED_REQUEST_RATIO_LIMIT * 100}% of its last ${FAILURE_WINDOW_CALLS} calls, once it has made at least ${FAILURE_MIN_CALLS}`,
    `up to ${mb(V1_MAX_UPLOAD_BYTES)} MB`,
  ],
  'legal/smart-contracts.md': [
    templateRow('standard_royalty'),
    templateRow('premium_royalty'),
    templateRow('revenue_sharing'),
    `a payment of $${usd(CONTRACT_DEPLOY_PRICE_USD)} in XRP`,
    `between ${RECEIVER_MIN_PERCENTAGE}% and ${RECEIVER_MAX_PERCENTAGE}% of the whole payout`,
    `at least $${usd(MINIMUM_DISTRIBUTION_CENTS / 100)}`,
  ],
  'faq/platform.md': [`welcome bonus of ${WELCOME_BONUS_TOKENS} tokens`, `One token is worth 1 USD`],
  'faq/pricing.md': [
    `Professional mastering costs ${price('professional-mastering')} tokens a master`,
    `Copyright registration costs ${price('copyright-registration')} tokens`,
    `AI music generation costs ${price('ai-music-generation')} tokens a song`,
    `Distribution setup costs ${price('distribution-setup')} tokens per release per year`,
    `gives its ${price('copyright-registration')} tokens back`,
    `Starter ${pkg('starter')}, Pro ${pkg('pro')} and Premium ${pkg('premium')} USD`,
    `the XRP Pack costs ${pkg('xrp')}`,
    `Bronze ${tier('bronze')} USD (${allowance('bronze', 'ai-music-generation')} AI music prompts)`,
    `Silver ${tier('silver')} USD (${allowance('silver', 'ai-music-generation')} prompts and ${allowance('silver', 'copyright-registration')} copyright registrations)`,
    `Gold ${tier('gold')} USD (unlimited prompts and registrations)`,
    `Platinum ${tier('platinum')} USD (Gold plus the yearly distribution fee of every release)`,
    `At ${LOW_TOKEN_POPUP_TOKENS} tokens or less`,
    `at ${LOW_BALANCE_WARNING_TOKENS} or less the header balance shows a warning`,
  ],
  'faq/copyright.md': [
    `a track passes at ${CLEARANCE_THRESHOLD}`,
    `The owner has ${DISPUTE_DEADLINES.respondentAnswerDays} days to answer`,
    `due in ${DISPUTE_DEADLINES.evidenceDueDays} days`,
    `appeal a decision within ${DISPUTE_DEADLINES.appealWindowDays} days`,
  ],
  'faq/smart-contracts.md': [
    `Standard royalty (${TEMPLATE_CREATOR_SHARE.standard_royalty}% to you, ${100 - TEMPLATE_CREATOR_SHARE.standard_royalty}% to the platform)`,
    `Premium royalty (${TEMPLATE_CREATOR_SHARE.premium_royalty}% to you, ${100 - TEMPLATE_CREATOR_SHARE.premium_royalty}%)`,
    `Revenue sharing (${TEMPLATE_CREATOR_SHARE.revenue_sharing}% to you, ${100 - TEMPLATE_CREATOR_SHARE.revenue_sharing}%)`,
    `a payment of $${usd(CONTRACT_DEPLOY_PRICE_USD)} in XRP`,
    `each with ${RECEIVER_MIN_PERCENTAGE}% to ${RECEIVER_MAX_PERCENTAGE}% of the whole payout`,
    `at least $${usd(MINIMUM_DISTRIBUTION_CENTS / 100)}`,
  ],
  'faq/music.md': [
    `up to ${mb(MAX_UPLOAD_BYTES)} MB a file`,
    `a style (${MASTER_STYLES.slice(0, -1).join(', ')} or ${MASTER_STYLES.at(-1)})`,
    `A master costs ${price('professional-mastering')} tokens`,
    `low ${lufs(LOUDNESS_TARGETS.low)}, medium ${lufs(LOUDNESS_TARGETS.medium)} and high ${lufs(LOUDNESS_TARGETS.high)}`,
    `at most ${PREVIEW_MAX_SECONDS} seconds`,
    `A song costs ${price('ai-music-generation')} tokens`,
    `for ${price('distribution-setup')} tokens per release per year`,
  ],
  'faq/technical.md': [
    `Free: ${num(API_TIER_LIMITS.free.monthlyQuota)} calls a month and ${num(API_TIER_LIMITS.free.dailyLimit!)} a day`,
    `Pro: ${num(API_TIER_LIMITS.pro.monthlyQuota)} a month and ${num(API_TIER_LIMITS.pro.dailyLimit!)} a day`,
    `Enterprise: ${num(API_TIER_LIMITS.enterprise.monthlyQuota)} a month with no daily limit`,
    `at most ${REQUESTS_PER_MINUTE} requests a minute`,
    `costs $${usd(PAID_CALL_CENTS / 100)} in tokens`,
    `pass ${FAILED_REQUEST_RATIO_LIMIT * 100}% of its last ${FAILURE_WINDOW_CALLS} calls, once it has made at least ${FAILURE_MIN_CALLS}`,
    `last at most ${days(SESSION_TTL_MS)} days`,
    `After ${LOGIN_PER_ACCOUNT.max} wrong passwords for an account within ${LOGIN_PER_ACCOUNT.windowMs / 60_000} minutes`,
    `${mb(MAX_UPLOAD_BYTES)} MB a file`,
    `up to ${mb(MAX_EVIDENCE_BYTES)} MB`,
    `shorter than ${COPYRIGHT_CHECK_MIN_SECONDS} seconds`,
  ],
};

/** The words that name each priced step in the documents. */
const STEP_NAMES: Record<PricedService, RegExp> = {
  'professional-mastering': /\bmaster(?:ing)?\b/i,
  'copyright-registration': /\bregistration\b/i,
  'ai-music-generation': /\b(?:AI music generation|song)\b/i,
  'distribution-setup': /\b(?:distribution setup|release)\b/i,
};

/** Every sentence of every document, in prose, with its file: a list item or a paragraph ends one too. */
function sentences(): { file: string; sentence: string }[] {
  return all.flatMap((d) =>
    d.body
      .split(/\n\s*\n|\n(?=- |\| )/)
      .flatMap((block) => prose(block).split(/(?<=[.!?])\s+(?=[A-Z])/))
      .map((sentence) => ({ file: d.file, sentence })),
  );
}

describe('the legal documents', () => {
  it('are the six documents, each with a title, a version, an effective date, a summary and sections', () => {
    expect(legal.map((d) => d.file.replace(/^legal\/|\.md$/g, '')).sort()).toEqual([...LEGAL_IDS].sort());
    for (const d of legal) {
      expect(d.meta.title, d.file).toEqual(expect.any(String));
      expect(Number.isInteger(d.meta.version) && (d.meta.version as number) >= 1, `${d.file}: version`).toBe(true);
      expect(String(d.meta.effective), `${d.file}: effective`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d.meta.summary, d.file).toEqual(expect.any(String));
      expect(d.body.match(/^## \S/gm)?.length ?? 0, `${d.file}: sections`).toBeGreaterThanOrEqual(3);
    }
  });

  it('say they are the platform\'s terms as built by the team, not legal advice', () => {
    for (const d of legal) expect(d.text, d.file).toMatch(/not legal advice/);
  });
});

describe('the FAQ', () => {
  it('has the six categories, each with a title, a version and 4 to 8 answered questions, 30 to 40 in all', () => {
    expect(faq.map((d) => d.file.replace(/^faq\/|\.md$/g, '')).sort()).toEqual([...FAQ_CATEGORIES].sort());
    let total = 0;
    for (const d of faq) {
      expect(d.meta.title, d.file).toEqual(expect.any(String));
      expect(Number.isInteger(d.meta.version) && (d.meta.version as number) >= 1, `${d.file}: version`).toBe(true);
      const entries = d.body.split(/^## /m).slice(1);
      expect(entries.length, `${d.file}: entries`).toBeGreaterThanOrEqual(4);
      expect(entries.length, `${d.file}: entries`).toBeLessThanOrEqual(8);
      for (const entry of entries) {
        const [question, ...answer] = entry.split('\n');
        expect(question, d.file).toMatch(/\?$/);
        expect(answer.join(' ').trim().length, `${d.file}: the answer to "${question}"`).toBeGreaterThan(40);
      }
      total += entries.length;
    }
    expect(total).toBeGreaterThanOrEqual(30);
    expect(total).toBeLessThanOrEqual(40);
  });
});

describe('the figures the documents state', () => {
  it.each(Object.entries(STATED))('%s states the code\'s figures', (file, phrases) => {
    const { text } = doc(file);
    const missing = phrases.filter((phrase) => !text.toLowerCase().includes(prose(phrase).toLowerCase()));
    expect(missing, `content/${file} should say (from the code's constants)`).toEqual([]);
  });

  it('give each priced step only its catalogue price wherever a sentence names the step and a number of tokens', () => {
    const wrong: string[] = [];
    for (const { file, sentence } of sentences()) {
      for (const [service, name] of Object.entries(STEP_NAMES) as [PricedService, RegExp][]) {
        // The tokens figure must follow the step's name closely, with no other step named between them.
        const near = new RegExp(`${name.source}[^.]{0,40}?\\b(\\d+(?:\\.\\d+)?) tokens`, 'gi');
        for (const match of sentence.matchAll(near)) {
          const between = match[0];
          const otherStep = (Object.entries(STEP_NAMES) as [PricedService, RegExp][]).some(
            ([other, otherName]) => other !== service && otherName.test(between.slice(between.search(name) + 1)),
          );
          if (!otherStep && Number(match[1]) !== SERVICE_PRICES[service]) wrong.push(`${file}: "${sentence}" (${service} costs ${SERVICE_PRICES[service]})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('name no token or dollar amount the code does not have', () => {
    const known = new Set<number>([
      1,
      WELCOME_BONUS_TOKENS,
      LOW_BALANCE_WARNING_TOKENS,
      LOW_TOKEN_POPUP_TOKENS,
      ...Object.values(SERVICE_PRICES),
      ...TOKEN_PACKAGES.map((p) => p.price),
      ...SUBSCRIPTION_TIERS.map((t) => t.monthlyPrice),
      CONTRACT_DEPLOY_PRICE_USD,
      PAID_CALL_CENTS / 100,
      MINIMUM_DISTRIBUTION_CENTS / 100,
    ]);
    const unknown: string[] = [];
    for (const d of all) {
      for (const match of d.text.matchAll(/\$(\d[\d,]*(?:\.\d+)?)|(?<![\w.,-])(\d[\d,]*(?:\.\d+)?) (?:tokens|USD)\b/g)) {
        const value = Number((match[1] ?? match[2])!.replace(/,/g, ''));
        if (!known.has(value)) unknown.push(`${d.file}: ${match[0]}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('say "half the track" for the preview because the code cuts it at half', () => {
    expect(PREVIEW_MAX_SHARE).toBe(0.5);
    expect(doc('faq/music.md').text).toContain('at most half the track');
  });
});
