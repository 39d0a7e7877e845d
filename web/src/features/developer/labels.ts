// What the Developer tab says and checks without the server: the tiers'
// quotas in words, the usage bar's share and colour, the key name and allowlist checks (with the
// contracts' own messages), the toasts of creating, deleting and restricting a key, and the curl
// examples of the Documentation dialog.
import { API_KEY_HEADER, API_TIER_LIMITS, API_TIERS, NEW_KEY_VISIBLE_MS, usageColour, type ApiTier } from '../../../../domain/developer/api-tiers';
import { createApiKeyRequestSchema, updateApiKeyRequestSchema, type ApiKey, type CreateApiKeyResponse } from '../../../../domain/contracts/developer';
import { errorMessage } from '../../lib/api-client';
import type { ToastOptions } from '../../components/ui/toast';

/** The "Copied" indicator shows for 2 s; the "API Key Created" toast for 8 s. */
export const COPIED_INDICATOR_MS = 2_000;
export const KEY_CREATED_TOAST_MS = 8_000;

export const KEY_CREATE_FAILED = 'Failed to create API key. Please try again.';
export const KEY_DELETE_FAILED = 'Failed to delete API key. Please try again.';

const count = (value: number) => value.toLocaleString('en-US');

/** "$0.05" from cents. */
export function formatUsd(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** "500 calls a month, 100 a day, free" — what the Create dialog offers for a tier. */
export function tierSummary(tier: ApiTier): string {
  const limits = API_TIER_LIMITS[tier];
  const daily = limits.dailyLimit === null ? 'no daily limit' : `${count(limits.dailyLimit)} a day`;
  const price = limits.pricePerCallCents === 0 ? 'no charge' : `${formatUsd(limits.pricePerCallCents)} a successful call, in tokens`;
  return `${count(limits.monthlyQuota)} calls a month, ${daily}, ${price}`;
}

export const TIER_OPTIONS = API_TIERS.map((tier) => ({ value: tier, label: API_TIER_LIMITS[tier].name, summary: tierSummary(tier) }));

/** The usage bar of a key: the share of its monthly quota used (capped at 100 % for the bar) and its colour. */
export function usageBar(used: number, quota: number): { percent: number; colour: 'green' | 'yellow' | 'red' } {
  const share = quota > 0 ? used / quota : 1;
  return { percent: Math.min(100, Math.round(share * 100)), colour: usageColour(share) };
}

export function dailyUsageLabel(key: Pick<ApiKey, 'dailyUsage' | 'dailyLimit'>): string {
  return key.dailyLimit === null ? `${count(key.dailyUsage)} today (no daily limit)` : `${count(key.dailyUsage)} / ${count(key.dailyLimit)} today`;
}

/** The key name's own check, with the contract's message ("Please enter a key name"); null when it passes. */
export function keyNameError(name: string): string | null {
  const result = createApiKeyRequestSchema.shape.keyName.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please enter a key name');
}

/** The Security tab's comma-separated allowlist, checked with the contract; an empty text clears it. */
export function parseAllowlist(text: string): { ok: true; ipAllowlist: string[] } | { ok: false; error: string } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const result = updateApiKeyRequestSchema.safeParse({ ipAllowlist: entries });
  if (result.success) return { ok: true, ipAllowlist: result.data.ipAllowlist };
  const issue = result.error.issues[0];
  const entry = typeof issue?.path[1] === 'number' ? entries[issue.path[1]] : undefined;
  return { ok: false, error: entry === undefined ? (issue?.message ?? 'Invalid allowlist') : `${entry}: ${issue?.message}` };
}

export function keyCreatedToast(answer: CreateApiKeyResponse): ToastOptions {
  return {
    severity: 'success',
    summary: 'API Key Created',
    detail: `Copy “${answer.apiKey.keyName}” now: it is shown once, for ${NEW_KEY_VISIBLE_MS / 1000} seconds`,
    life: KEY_CREATED_TOAST_MS,
  };
}

export function keyCreateFailedToast(error: unknown): ToastOptions {
  return { severity: 'error', summary: KEY_CREATE_FAILED, detail: errorMessage(error, 'The server did not create the key') };
}

export function keyDeletedToast(keyName: string): ToastOptions {
  return { severity: 'success', summary: 'API Key Deleted', detail: `Calls made with “${keyName}” are refused from now on` };
}

export function keyDeleteFailedToast(error: unknown): ToastOptions {
  return { severity: 'error', summary: KEY_DELETE_FAILED, detail: errorMessage(error, 'The server did not delete the key') };
}

export function allowlistSavedToast(key: Pick<ApiKey, 'keyName' | 'ipAllowlist'>): ToastOptions {
  const detail =
    key.ipAllowlist.length === 0
      ? `${key.keyName} can be used from any address`
      : `${key.keyName} can be used only from ${key.ipAllowlist.join(', ')}`;
  return { severity: 'success', summary: 'Allowlist Saved', detail };
}

export function allowlistFailedToast(error: unknown): ToastOptions {
  return { severity: 'error', summary: 'Allowlist Not Saved', detail: errorMessage(error, 'The server did not save the allowlist') };
}

/** "3 minutes ago"; "Never" for a key not used yet. */
export function lastUsedLabel(iso: string | null, now: Date = new Date()): string {
  if (iso === null) return 'Never';
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (Number.isNaN(seconds)) return '—';
  if (seconds < 45) return 'just now';
  const units: Array<[string, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, s]) => seconds >= s) ?? ['minute', 60];
  const value = Math.max(1, Math.round(seconds / size));
  return `${value} ${unit}${value === 1 ? '' : 's'} ago`;
}

export const V1_ROUTES = [
  { method: 'POST', path: '/api/v1/oracle/analyze', summary: 'Analyse one of your registered tracks (contentId) or an uploaded audio file against the registry' },
  { method: 'POST', path: '/api/v1/smart-contracts/create', summary: 'Create the standard royalty contract for one of your registered tracks' },
] as const;

/** The Documentation dialog's examples, against the page's own origin. */
export function curlExamples(origin: string): { analyzeById: string; analyzeFile: string; createContract: string } {
  const header = `-H "${API_KEY_HEADER}: $GOOSE_API_KEY"`;
  return {
    analyzeById: `curl -X POST ${origin}/api/v1/oracle/analyze \\\n  ${header} \\\n  -H "Content-Type: application/json" \\\n  -d '{"contentId": "<your content id>"}'`,
    analyzeFile: `curl -X POST ${origin}/api/v1/oracle/analyze \\\n  ${header} \\\n  -F "file=@song.wav"`,
    createContract: `curl -X POST ${origin}/api/v1/smart-contracts/create \\\n  ${header} \\\n  -H "Content-Type: application/json" \\\n  -d '{"contentId": "<your content id>", "royaltySplit": 85}'`,
  };
}

/** The API reference (Swagger UI at API_DOCS_PATH in api/openapi.ts), opened at its v1 section. */
export const V1_REFERENCE_URL = '/api/docs#/v1';
