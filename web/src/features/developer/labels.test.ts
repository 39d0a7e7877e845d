// What the Developer tab says without the server: the usage bar's colours at their 50 % and 80 % edges, the
// key name and allowlist checks with the contracts' messages, the created toast's 8 s, the tiers'
// quotas in words and the curl examples against the page's origin.
import { describe, expect, it } from 'vitest';
import { createApiKeyResponseSchema } from '../../../../domain/contracts/developer';
import { apiKey } from './developer.fixture';
import { curlExamples, dailyUsageLabel, keyCreatedToast, keyNameError, lastUsedLabel, parseAllowlist, tierSummary, usageBar } from './labels';

describe('usage bar', () => {
  it('is green below 50 %, yellow below 80 %, red from 80 %', () => {
    expect(usageBar(0, 500)).toEqual({ percent: 0, colour: 'green' });
    expect(usageBar(249, 500)).toEqual({ percent: 50, colour: 'green' });
    expect(usageBar(250, 500)).toEqual({ percent: 50, colour: 'yellow' });
    expect(usageBar(399, 10_000)).toEqual({ percent: 4, colour: 'green' });
    expect(usageBar(7_999, 10_000)).toEqual({ percent: 80, colour: 'yellow' });
    expect(usageBar(8_000, 10_000)).toEqual({ percent: 80, colour: 'red' });
  });

  it('caps the bar at 100 % and treats a zero quota as used up', () => {
    expect(usageBar(600, 500)).toEqual({ percent: 100, colour: 'red' });
    expect(usageBar(0, 0)).toEqual({ percent: 100, colour: 'red' });
  });

  it('says today’s calls against the daily limit, or that there is none', () => {
    expect(dailyUsageLabel(apiKey({ dailyUsage: 12, dailyLimit: 100 }))).toBe('12 / 100 today');
    expect(dailyUsageLabel(apiKey({ dailyUsage: 1_234, dailyLimit: null }))).toBe('1,234 today (no daily limit)');
  });
});

describe('create checks', () => {
  it('asks for a key name when it is empty or blank, and takes a real one', () => {
    expect(keyNameError('')).toBe('Please enter a key name');
    expect(keyNameError('   ')).toBe('Please enter a key name');
    expect(keyNameError('x'.repeat(101))).toBe('A key name has at most 100 characters');
    expect(keyNameError('Catalogue sync')).toBeNull();
  });

  it('offers each tier with its monthly quota, daily limit and price', () => {
    expect(tierSummary('free')).toBe('500 calls a month, 100 a day, no charge');
    expect(tierSummary('pro')).toBe('10,000 calls a month, 1,000 a day, $0.05 a successful call, in tokens');
    expect(tierSummary('enterprise')).toBe('50,000 calls a month, no daily limit, $0.05 a successful call, in tokens');
  });

  it('toasts API Key Created, copy now, shown once, for 8 s', () => {
    const answer = createApiKeyResponseSchema.parse({ success: true, apiKey: apiKey(), message: 'API Key Created: copy it now, it is shown once' });
    expect(keyCreatedToast(answer)).toEqual({ severity: 'success', summary: 'API Key Created', detail: 'Copy “Catalogue sync” now: it is shown once, for 30 seconds', life: 8_000 });
  });
});

describe('allowlist', () => {
  it('reads comma-separated addresses and ranges, trimmed, and an empty text as no restriction', () => {
    expect(parseAllowlist(' 203.0.113.7 , 198.51.100.0/24,2001:db8::/32 ')).toEqual({ ok: true, ipAllowlist: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'] });
    expect(parseAllowlist('  ')).toEqual({ ok: true, ipAllowlist: [] });
    expect(parseAllowlist('203.0.113.7,,')).toEqual({ ok: true, ipAllowlist: ['203.0.113.7'] });
  });

  it('names the entry that is not an address', () => {
    const result = parseAllowlist('203.0.113.7, office.example.com');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^office\.example\.com: Each allowed address must be an IP address or a CIDR range/);
  });

  it('refuses more than 50 entries', () => {
    const many = Array.from({ length: 51 }, (_, index) => `10.0.0.${index}`).join(',');
    expect(parseAllowlist(many)).toEqual({ ok: false, error: 'At most 50 allowed addresses' });
  });
});

describe('words and examples', () => {
  it('says how long ago a key was last used, or Never', () => {
    const now = new Date('2026-11-26T12:00:00.000Z');
    expect(lastUsedLabel(null, now)).toBe('Never');
    expect(lastUsedLabel('2026-11-26T11:59:40.000Z', now)).toBe('just now');
    expect(lastUsedLabel('2026-11-26T11:57:00.000Z', now)).toBe('3 minutes ago');
    expect(lastUsedLabel('2026-11-26T11:00:00.000Z', now)).toBe('1 hour ago');
    expect(lastUsedLabel('2026-11-23T12:00:00.000Z', now)).toBe('3 days ago');
  });

  it('writes curl examples against the page’s own origin with the X-API-Key header', () => {
    const examples = curlExamples('https://goose.example');
    expect(examples.analyzeById).toContain('curl -X POST https://goose.example/api/v1/oracle/analyze');
    expect(examples.analyzeById).toContain('-H "X-API-Key: $GOOSE_API_KEY"');
    expect(examples.analyzeById).toContain('"contentId"');
    expect(examples.analyzeFile).toContain('-F "file=@song.wav"');
    expect(examples.createContract).toContain('https://goose.example/api/v1/smart-contracts/create');
    expect(Object.values(examples).join('\n')).not.toContain('filePath');
  });
});
