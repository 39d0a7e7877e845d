// The delivery partner (a DDEX-speaking aggregator reached over SFTP) and the identifier prefixes,
// read from the environment once by infra/config.ts. No partner configured: releases go to the
// sandbox, which reaches no store and charges nothing (docs/distribution.md "Delivery partner").
import { readFileSync } from 'node:fs';
import { STORE_IDS } from '../../domain/distribution/catalogue';
import { logger } from '../logger/logger';
import { ISRC_PREFIX_FORM, PLACEHOLDER_PREFIXES, UPC_PREFIX_FORM, type IdentifierPrefixes } from '../../domain/distribution/identifiers';

export interface DeliveryPartnerConfig {
  /** DELIVERY_PARTNER_ID: a short slug naming the partner in events (`partner:<id>`) and streams. */
  id: string;
  /** DELIVERY_PARTNER_NAME */
  name: string;
  /** DELIVERY_PARTNER_DPID: the partner's DDEX party id, the ERN's MessageRecipient. */
  dpid: string;
  sftp: {
    host: string;
    port: number;
    username: string;
    /** The private key's PEM text (DELIVERY_SFTP_PRIVATE_KEY holds the PEM itself or a path to it). */
    privateKey: string;
    /** DELIVERY_SFTP_HOST_KEY_SHA256: the server's host key fingerprint (base64 SHA-256, as `ssh-keygen -lf` prints after `SHA256:`); unchecked when null. */
    hostKeySha256: string | null;
  };
  folders: {
    /** DELIVERY_SFTP_INBOX: where batches are written. */
    inbox: string;
    /** DELIVERY_SFTP_ACKNOWLEDGEMENTS: where the partner leaves its acknowledgements. */
    acknowledgements: string;
    /** DELIVERY_SFTP_REPORTS: where the partner leaves its sales reports. */
    reports: string;
    /** DELIVERY_SFTP_REFERENCES (default `references`): the only folder rights holders' reference deliveries are read from. */
    references: string;
  };
  /** DELIVERY_PARTNER_STORES: the catalogue's store ids the partner delivers to. */
  stores: string[];
  /** DELIVERY_PARTNER_TERRITORIES: Worldwide or ISO 3166-1 alpha-2 codes. */
  territories: string[];
  /** DELIVERY_ACK_POLL_SECONDS: how often a delivered release's acknowledgements are looked for. */
  ackPollMs: number;
  /** DELIVERY_REPORTS_POLL_SECONDS: how often the reporting folder is read. */
  reportsPollMs: number;
}

export interface DistributionConfig {
  /** ISRC_PREFIX / UPC_PREFIX; the placeholders when unset. */
  prefixes: IdentifierPrefixes;
  /** Null: no partner; releases go to the sandbox. */
  partner: DeliveryPartnerConfig | null;
}

const PARTNER_VARIABLES = [
  'DELIVERY_PARTNER_ID',
  'DELIVERY_PARTNER_NAME',
  'DELIVERY_PARTNER_DPID',
  'DELIVERY_SFTP_HOST',
  'DELIVERY_SFTP_USER',
  'DELIVERY_SFTP_PRIVATE_KEY',
  'DELIVERY_SFTP_INBOX',
  'DELIVERY_SFTP_ACKNOWLEDGEMENTS',
  'DELIVERY_SFTP_REPORTS',
  'DELIVERY_PARTNER_STORES',
] as const;

export function parseDistributionConfig(env: NodeJS.ProcessEnv): DistributionConfig {
  return { prefixes: parsePrefixes(env), partner: parsePartner(env) };
}

function parsePrefixes(env: NodeJS.ProcessEnv): IdentifierPrefixes {
  const isrc = env.ISRC_PREFIX?.trim().toUpperCase() || PLACEHOLDER_PREFIXES.isrc;
  const upc = env.UPC_PREFIX?.trim() || PLACEHOLDER_PREFIXES.upc;
  if (!ISRC_PREFIX_FORM.test(isrc)) throw new Error(`ISRC_PREFIX must be a country code and registrant code (5 characters, e.g. USABC), got ${env.ISRC_PREFIX}`);
  if (!UPC_PREFIX_FORM.test(upc)) throw new Error(`UPC_PREFIX must be the first 4 digits of your GS1 company prefix, got ${env.UPC_PREFIX}`);
  return { isrc, upc };
}

function parsePartner(env: NodeJS.ProcessEnv): DeliveryPartnerConfig | null {
  const value = (name: string) => env[name]?.trim() || '';
  const set = PARTNER_VARIABLES.filter((name) => value(name));
  if (set.length === 0) return null;
  const missing = PARTNER_VARIABLES.filter((name) => !value(name));
  if (missing.length > 0) throw new Error(`A delivery partner needs every one of ${PARTNER_VARIABLES.join(', ')}; missing: ${missing.join(', ')}`);
  const id = value('DELIVERY_PARTNER_ID');
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(id)) throw new Error(`DELIVERY_PARTNER_ID must be a lower-case slug (letters, digits, hyphens), got ${id}`);
  const dpid = value('DELIVERY_PARTNER_DPID');
  if (!/^PADPID[A-Z0-9]+$/.test(dpid)) throw new Error(`DELIVERY_PARTNER_DPID must be a DDEX party id (PADPID…), got ${dpid}`);
  const port = Number(value('DELIVERY_SFTP_PORT') || 22);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`DELIVERY_SFTP_PORT must be a port number, got ${env.DELIVERY_SFTP_PORT}`);
  const stores = list(value('DELIVERY_PARTNER_STORES'));
  const unknown = stores.filter((store) => !STORE_IDS.includes(store));
  if (unknown.length > 0) throw new Error(`DELIVERY_PARTNER_STORES names stores outside the catalogue: ${unknown.join(', ')} (known: ${STORE_IDS.join(', ')})`);
  const territories = list(value('DELIVERY_PARTNER_TERRITORIES') || 'Worldwide').map((t) => (t.toLowerCase() === 'worldwide' ? 'Worldwide' : t.toUpperCase()));
  const badTerritory = territories.filter((t) => !/^(Worldwide|[A-Z]{2})$/.test(t));
  if (badTerritory.length > 0) throw new Error(`DELIVERY_PARTNER_TERRITORIES must be Worldwide or ISO 3166-1 alpha-2 codes, got ${badTerritory.join(', ')}`);
  const folders = {
    inbox: value('DELIVERY_SFTP_INBOX'),
    acknowledgements: value('DELIVERY_SFTP_ACKNOWLEDGEMENTS'),
    reports: value('DELIVERY_SFTP_REPORTS'),
    references: value('DELIVERY_SFTP_REFERENCES') || 'references',
  };
  return {
    id,
    name: value('DELIVERY_PARTNER_NAME'),
    dpid,
    sftp: {
      host: value('DELIVERY_SFTP_HOST'),
      port,
      username: value('DELIVERY_SFTP_USER'),
      privateKey: privateKey(value('DELIVERY_SFTP_PRIVATE_KEY')),
      hostKeySha256: value('DELIVERY_SFTP_HOST_KEY_SHA256').replace(/^SHA256:/, '') || null,
    },
    folders,
    stores,
    territories,
    ackPollMs: seconds('DELIVERY_ACK_POLL_SECONDS', value('DELIVERY_ACK_POLL_SECONDS'), 300),
    reportsPollMs: seconds('DELIVERY_REPORTS_POLL_SECONDS', value('DELIVERY_REPORTS_POLL_SECONDS'), 3600),
  };
}

function list(value: string): string[] {
  return [...new Set(value.split(',').map((entry) => entry.trim()).filter(Boolean))];
}

function seconds(name: string, value: string, fallback: number): number {
  const parsed = Number(value || fallback);
  if (!Number.isFinite(parsed) || parsed < 1) throw new Error(`${name} must be a number of seconds (1 or more), got ${value}`);
  return parsed * 1000;
}

/** The PEM itself, or the file it is in; never echoed in an error. */
function privateKey(value: string): string {
  // The environment's value is trimmed: the PEM gets its final line break back.
  if (value.includes('-----BEGIN')) return `${value.replaceAll('\\n', '\n').trimEnd()}\n`;
  try {
    const pem = readFileSync(value, 'utf8');
    if (!pem.includes('-----BEGIN')) throw new Error('not a PEM');
    return pem;
  } catch {
    throw new Error(`DELIVERY_SFTP_PRIVATE_KEY must hold a PEM private key or the path of a readable PEM file; the path ${value} could not be read as one`);
  }
}

/** What the API and the web need to know of the delivery set-up: no secrets, no hosts. */
export interface DeliverySettings {
  prefixes: IdentifierPrefixes;
  /** Null: the sandbox (no store receives anything, nothing is charged). */
  partner: { id: string; name: string; stores: readonly string[] } | null;
}

export const SANDBOX_DELIVERY: DeliverySettings = { prefixes: PLACEHOLDER_PREFIXES, partner: null };

export function deliverySettings(config: DistributionConfig): DeliverySettings {
  return { prefixes: config.prefixes, partner: config.partner ? { id: config.partner.id, name: config.partner.name, stores: config.partner.stores } : null };
}

/** The operator variables still at their placeholder, for the startup warning and the refusal's log line. */
export function placeholderPrefixVariables(prefixes: IdentifierPrefixes): ('ISRC_PREFIX' | 'UPC_PREFIX')[] {
  const names: ('ISRC_PREFIX' | 'UPC_PREFIX')[] = [];
  if (prefixes.isrc === PLACEHOLDER_PREFIXES.isrc) names.push('ISRC_PREFIX');
  if (prefixes.upc === PLACEHOLDER_PREFIXES.upc) names.push('UPC_PREFIX');
  return names;
}

/** Says at startup how releases are delivered; warns when a partner is configured with placeholder prefixes (its releases are refused until they are set). */
export function logDeliverySetup(config: DistributionConfig): void {
  if (!config.partner) {
    logger.info('no delivery partner configured (DELIVERY_PARTNER_ID …): releases go to the sandbox, which sends nothing to any store and charges nothing');
    return;
  }
  const placeholders = placeholderPrefixVariables(config.prefixes);
  if (placeholders.length > 0) {
    logger.warn({ partner: config.partner.id, placeholders }, `delivery partner ${config.partner.name} is configured but ${placeholders.join(' and ')} ${placeholders.length > 1 ? 'are' : 'is'} still the placeholder: every release is refused until the prefixes your ISRC agency and GS1 issued are set`);
  } else {
    logger.info({ partner: config.partner.id, host: config.partner.sftp.host, stores: config.partner.stores }, `releases are delivered to ${config.partner.name} over SFTP`);
  }
  if (!config.partner.sftp.hostKeySha256) logger.warn({ partner: config.partner.id }, "DELIVERY_SFTP_HOST_KEY_SHA256 is not set: the partner's SFTP host key is not checked");
}
