// The developer API's tiers and limits (the same numbers the API terms state): what a key may
// call and what a call costs. The only place these numbers live.

export const API_TIERS = ['free', 'pro', 'enterprise'] as const;
export type ApiTier = (typeof API_TIERS)[number];

export interface ApiTierLimits {
  name: string;
  /** Calls a calendar month (UTC). */
  monthlyQuota: number;
  /** Calls a calendar day (UTC); null: no daily limit (enterprise: "custom", bounded by the month and the minute). */
  dailyLimit: number | null;
  /** Cents a call, charged in tokens through the token ledger when the call succeeds. */
  pricePerCallCents: number;
  /** Cents a month; no tier has a subscription fee: the paid tiers are paid per call. */
  monthlyFeeCents: number;
}

/** $0.05 a call on the paid tiers (the API terms). */
export const PAID_CALL_CENTS = 5;

export const API_TIER_LIMITS: Record<ApiTier, ApiTierLimits> = {
  free: { name: 'Free', monthlyQuota: 500, dailyLimit: 100, pricePerCallCents: 0, monthlyFeeCents: 0 },
  pro: { name: 'Pro', monthlyQuota: 10_000, dailyLimit: 1_000, pricePerCallCents: PAID_CALL_CENTS, monthlyFeeCents: 0 },
  enterprise: { name: 'Enterprise', monthlyQuota: 50_000, dailyLimit: null, pricePerCallCents: PAID_CALL_CENTS, monthlyFeeCents: 0 },
};

/** Every key, every tier: requests a minute (the Security tab's threshold). */
export const REQUESTS_PER_MINUTE = 100;

/**
 * A key whose failed requests pass this share of its recent calls is suspended (the Security
 * tab's limit). Failed: answered 4xx other than 402 (no tokens left: topping up mends it, so it is
 * not abuse) and 429 (the limiter's own refusal). Judged over the key's last FAILURE_WINDOW_CALLS
 * calls, once it has made at least FAILURE_MIN_CALLS, so one bad request out of three does not
 * suspend a new key.
 */
export const FAILED_REQUEST_RATIO_LIMIT = 0.3;
export const FAILURE_WINDOW_CALLS = 100;
export const FAILURE_MIN_CALLS = 20;

/** The largest file POST /api/v1/oracle/analyze takes (the API terms: MP3, WAV, FLAC up to 50 MB). */
export const V1_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** The version of the API terms a key's creator accepted (the API Terms of Service dialog). */
export const API_TERMS_VERSION = '2026-11-28';

/** The header external calls carry their key in. */
export const API_KEY_HEADER = 'X-API-Key';

/** The web shows a new key in full for this long, then only its prefix. */
export const NEW_KEY_VISIBLE_MS = 30_000;
/** The usage list shows this many recent calls. */
export const RECENT_CALLS_SHOWN = 10;
/** Usage bar colours: green below 50 %, yellow below 80 %, otherwise red. */
export function usageColour(usedShare: number): 'green' | 'yellow' | 'red' {
  if (usedShare < 0.5) return 'green';
  if (usedShare < 0.8) return 'yellow';
  return 'red';
}
