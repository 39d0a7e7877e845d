// Process configuration from the environment. Unset = the embedded default.
import path from 'node:path';
import { parseDistributionConfig, type DistributionConfig } from './distribution/partner-config';
import { parseWalletConfig, type WalletConfig } from './wallets/config';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  temporalAddress: string | null;
  temporalNamespace: string;
  eventStoreUrl: string | null;
  /** The origin users reach the platform at (PUBLIC_URL): certificates link to it, and it counts as the site's own origin. */
  publicUrl: string | null;
  /** Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY); none unless configured. */
  trustProxy: TrustProxy;
  /** Session cookies marked Secure (COOKIE_SECURE, or a PUBLIC_URL on https). */
  secureCookies: boolean;
  /** Wallet keys, Polygon withdrawals and the XRP purchase (infra/wallets/config.ts). */
  wallets: WalletConfig;
  /** Card payments (docs/payments.md); off unless both keys are set. */
  stripe: StripeConfig;
  /** Sign-in through the QXMP Pay widget (QXMP_PAY_ORIGIN + QXMP_PAY_PUBLIC_KEY); null when not configured. */
  qxmpPay: QxmpPayConfig | null;
  /** The delivery partner and the ISRC/UPC prefixes (infra/distribution/partner-config.ts). */
  distribution: DistributionConfig;
  /** The support agent's optional generator (SUPPORT_LLM_*); null: extractive answers only. */
  supportLlm: SupportLlmConfig | null;
  /** An S3-compatible object store for stored files (STORAGE_S3_*); null: the local disk under dataDir (docs/storage.md). */
  storage: StorageConfig | null;
  /** AcoustID lookups in the copyright check (ACOUSTID_API_KEY, ACOUSTID_URL); null: not asked. */
  acoustid: AcoustidConfig | null;
}

export interface AcoustidConfig {
  /** ACOUSTID_API_KEY: the application's client key, sent as `client`. */
  apiKey: string;
  /** ACOUSTID_URL: the web service's base (default https://api.acoustid.org/v2), whose /lookup is called. */
  baseUrl: string;
}

export interface StorageConfig {
  /** STORAGE_S3_ENDPOINT: the server's URL (SeaweedFS, MinIO, Ceph, R2, or AWS's own such as https://s3.eu-west-1.amazonaws.com). */
  endpoint: string;
  /** STORAGE_S3_BUCKET: must exist already. */
  bucket: string;
  /** STORAGE_S3_REGION, default us-east-1. */
  region: string;
  /** STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY; null: the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** STORAGE_S3_FORCE_PATH_STYLE: bucket in the path (most self-hosted servers) rather than the host name; default true. */
  forcePathStyle: boolean;
}

export interface StripeConfig {
  /** STRIPE_SECRET_KEY */
  secretKey: string | null;
  /** STRIPE_PUBLISHABLE_KEY: handed to the checkout pages. */
  publishableKey: string | null;
  /** STRIPE_WEBHOOK_SECRET: verifies the Stripe-Signature of webhook deliveries. */
  webhookSecret: string | null;
  /** STRIPE_API_URL: another Stripe API base (stripe-mock in tests), else api.stripe.com. */
  apiUrl: string | null;
}

export interface QxmpPayConfig {
  /** The provider's origin: widget messages are accepted only from it. */
  origin: string;
  /** The sign-in frame (QXMP_PAY_WIDGET_URL, else origin + '/widget'). */
  widgetUrl: string;
  /** The provider's Ed25519 public key as configured: PEM (SPKI) or the base64 of the 32 raw bytes. */
  publicKey: string;
}

/** Fastify's trustProxy: false, true (every hop), the first n hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const publicUrl = parsePublicUrl(env.PUBLIC_URL);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    temporalAddress: env.TEMPORAL_ADDRESS || null,
    temporalNamespace: env.TEMPORAL_NAMESPACE ?? 'default',
    eventStoreUrl: env.EVENTSTORE_URL || null,
    publicUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    secureCookies: env.COOKIE_SECURE === 'true' || publicUrl?.startsWith('https:') === true,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || null,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
      apiUrl: parseHttpUrl('STRIPE_API_URL', env.STRIPE_API_URL),
    },
    wallets: parseWalletConfig(env),
    qxmpPay: parseQxmpPay(env),
    distribution: parseDistributionConfig(env),
    supportLlm: parseSupportLlm(env),
    storage: parseStorage(env),
    acoustid: parseAcoustid(env),
  };
}

export const ACOUSTID_DEFAULT_URL = 'https://api.acoustid.org/v2';

/** AcoustID is asked only with an application key; ACOUSTID_URL points it elsewhere (a stand-in in tests). */
export function parseAcoustid(env: NodeJS.ProcessEnv): AcoustidConfig | null {
  const apiKey = env.ACOUSTID_API_KEY?.trim();
  if (!apiKey) {
    if (env.ACOUSTID_URL?.trim()) throw new Error('ACOUSTID_URL needs ACOUSTID_API_KEY (the application key AcoustID issues)');
    return null;
  }
  return { apiKey, baseUrl: (parseHttpUrl('ACOUSTID_URL', env.ACOUSTID_URL?.trim() || undefined) ?? ACOUSTID_DEFAULT_URL).replace(/\/+$/, '') };
}

export function parseStorage(env: NodeJS.ProcessEnv): StorageConfig | null {
  const endpoint = env.STORAGE_S3_ENDPOINT?.trim();
  const bucket = env.STORAGE_S3_BUCKET?.trim();
  if (!endpoint && !bucket) return null;
  if (!endpoint || !bucket) throw new Error('STORAGE_S3_ENDPOINT and STORAGE_S3_BUCKET must be set together (or neither, to keep files on the local disk)');
  httpUrl('STORAGE_S3_ENDPOINT', endpoint);
  const accessKeyId = env.STORAGE_S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.STORAGE_S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY must be set together');
  const forcePathStyle = env.STORAGE_S3_FORCE_PATH_STYLE?.trim() ?? 'true';
  if (forcePathStyle !== 'true' && forcePathStyle !== 'false') throw new Error(`STORAGE_S3_FORCE_PATH_STYLE must be true or false, got ${forcePathStyle}`);
  return {
    endpoint,
    bucket,
    region: env.STORAGE_S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: forcePathStyle === 'true',
  };
}

function parsePublicUrl(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL such as https://goose.example, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http or https URL, got ${value}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function parseHttpUrl(name: string, value: string | undefined): string | null {
  if (!value) return null;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new Error(`${name} must be an http(s) URL such as http://127.0.0.1:12111, got ${value}`);
  return value;
}

function parseQxmpPay(env: NodeJS.ProcessEnv): QxmpPayConfig | null {
  const origin = env.QXMP_PAY_ORIGIN?.trim();
  const publicKey = env.QXMP_PAY_PUBLIC_KEY?.trim();
  if (!origin && !publicKey) return null;
  if (!origin || !publicKey) throw new Error('QXMP_PAY_ORIGIN and QXMP_PAY_PUBLIC_KEY must be set together (or neither, to turn QXMP Pay sign-in off)');
  const originUrl = httpUrl('QXMP_PAY_ORIGIN', origin);
  const widgetUrl = env.QXMP_PAY_WIDGET_URL?.trim() ? httpUrl('QXMP_PAY_WIDGET_URL', env.QXMP_PAY_WIDGET_URL.trim()).href : `${originUrl.origin}/widget`;
  return { origin: originUrl.origin, widgetUrl, publicKey };
}

function httpUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http or https URL, got ${value}`);
  return url;
}

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((entry) => entry.trim()).filter(Boolean);
}

export interface SupportLlmConfig {
  /** SUPPORT_LLM_BASE_URL: an OpenAI-compatible API (…/v1), whose /chat/completions is called. */
  baseUrl: string;
  /** SUPPORT_LLM_MODEL */
  model: string;
  /** SUPPORT_LLM_API_KEY: sent as a bearer token when set. */
  apiKey: string | null;
  /** SUPPORT_LLM_TIMEOUT_MS: after this the extractive answer is shown (default 8000). */
  timeoutMs: number;
}

/** The support agent's optional generator; null unless SUPPORT_LLM_BASE_URL is set (then SUPPORT_LLM_MODEL is required). */
export function parseSupportLlm(env: NodeJS.ProcessEnv): SupportLlmConfig | null {
  const baseUrl = env.SUPPORT_LLM_BASE_URL?.trim();
  if (!baseUrl) {
    if (env.SUPPORT_LLM_MODEL?.trim() || env.SUPPORT_LLM_API_KEY?.trim()) throw new Error('SUPPORT_LLM_MODEL and SUPPORT_LLM_API_KEY need SUPPORT_LLM_BASE_URL (the OpenAI-compatible API they belong to)');
    return null;
  }
  const url = parseHttpUrl('SUPPORT_LLM_BASE_URL', baseUrl)!;
  const model = env.SUPPORT_LLM_MODEL?.trim();
  if (!model) throw new Error('SUPPORT_LLM_BASE_URL is set, so SUPPORT_LLM_MODEL must name the model to ask');
  const timeoutMs = Number(env.SUPPORT_LLM_TIMEOUT_MS ?? 8000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 120_000) throw new Error(`SUPPORT_LLM_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, got ${env.SUPPORT_LLM_TIMEOUT_MS}`);
  return { baseUrl: url, model, apiKey: env.SUPPORT_LLM_API_KEY?.trim() || null, timeoutMs };
}
