// The wallet settings read from the environment: the key that seals users' wallet keys, the
// Polygon withdrawal (RPC, token contract, treasury key), and the XRP purchase (rate, ledger,
// card on-ramp). A malformed value stops the start with a message naming the variable; a secret's
// value is never quoted.
import { isAddress } from 'ethers';
import { parseWalletEncryptionKey } from './key-box';

export interface PolygonWithdrawalConfig {
  rpcUrl: string;
  /** The ERC-20 contract's address. */
  tokenContract: string;
  /** A 0x-hex private key, or one sealed by the wallet key box (v1.<keyId>....). */
  treasuryKey: string;
}

export const XRP_RATE_SOURCE = "set by this server's operator";

export interface XrpRate {
  /** USD per XRP. */
  rate: number;
  /** Shown to users beside the rate (the XRP pricing answer): plain words, not the setting's name. */
  source: typeof XRP_RATE_SOURCE;
  /** When the rate was read (the server's start). */
  at: string;
}

export interface WalletConfig {
  encryptionKey: Buffer | null;
  /** Null until POLYGON_RPC_URL, GOOSE_TOKEN_CONTRACT and POLYGON_TREASURY_KEY are all set. */
  polygon: PolygonWithdrawalConfig | null;
  xrpRate: XrpRate | null;
  /** The rippled WebSocket the XRP balance is read from (XRPL_URL, shared with registrations). */
  xrplUrl: string | null;
  /** XRP_ONRAMP_URL: a URL with {address} and {amount} placeholders. */
  onrampUrlTemplate: string | null;
}

const POLYGON_VARIABLES = ['POLYGON_RPC_URL', 'GOOSE_TOKEN_CONTRACT', 'POLYGON_TREASURY_KEY'] as const;

export function parseWalletConfig(env: NodeJS.ProcessEnv, now: Date = new Date()): WalletConfig {
  return {
    encryptionKey: parseWalletEncryptionKey(env.WALLET_ENCRYPTION_KEY),
    polygon: parsePolygon(env),
    xrpRate: parseRate(env.XRP_USD_RATE, now),
    xrplUrl: env.XRPL_URL?.trim() || null,
    onrampUrlTemplate: parseOnramp(env.XRP_ONRAMP_URL),
  };
}

function parsePolygon(env: NodeJS.ProcessEnv): PolygonWithdrawalConfig | null {
  const values = POLYGON_VARIABLES.map((name) => env[name]?.trim() || null);
  const missing = POLYGON_VARIABLES.filter((_, index) => !values[index]);
  if (missing.length === POLYGON_VARIABLES.length) return null;
  if (missing.length > 0) throw new Error(`Polygon withdrawals need ${POLYGON_VARIABLES.join(', ')} together; missing: ${missing.join(', ')}`);
  const [rpcUrl, tokenContract, treasuryKey] = values as [string, string, string];
  if (!/^(https?|wss?):\/\//.test(rpcUrl)) throw new Error(`POLYGON_RPC_URL must be an http(s) or ws(s) URL, got ${rpcUrl}`);
  if (!isAddress(tokenContract)) throw new Error(`GOOSE_TOKEN_CONTRACT must be an address (0x and 40 hex digits), got ${tokenContract}`);
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(treasuryKey) && !treasuryKey.startsWith('v1.')) {
    throw new Error('POLYGON_TREASURY_KEY must be a private key (64 hex digits) or a key sealed with the wallet encryption key (v1.…)');
  }
  return { rpcUrl, tokenContract, treasuryKey };
}

function parseRate(value: string | undefined, now: Date): XrpRate | null {
  if (!value?.trim()) return null;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`XRP_USD_RATE must be a positive number of USD per XRP, got ${value}`);
  return { rate, source: XRP_RATE_SOURCE, at: now.toISOString() };
}

function parseOnramp(value: string | undefined): string | null {
  const template = value?.trim();
  if (!template) return null;
  if (!template.includes('{address}')) throw new Error('XRP_ONRAMP_URL must carry an {address} placeholder (and usually {amount})');
  try {
    const url = new URL(template.replaceAll('{address}', 'x').replaceAll('{amount}', '1'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
  } catch {
    throw new Error(`XRP_ONRAMP_URL must be an http(s) URL template, got ${template}`);
  }
  return template;
}
