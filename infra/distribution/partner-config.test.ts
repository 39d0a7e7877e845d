// Reading the delivery partner and the identifier prefixes from the environment (through
// loadConfig): off without any DELIVERY_ variable, every required one named when one is missing,
// the key read from a file or inline, the stores and territories checked, the prefixes' form
// checked, and the startup warning while a partner runs with placeholder prefixes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { logger } from '../logger/logger';
import { deliverySettings, logDeliverySetup, parseDistributionConfig } from './partner-config';

const PEM = '-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n';
const PARTNER_ENV = {
  DELIVERY_PARTNER_ID: 'acme',
  DELIVERY_PARTNER_NAME: 'Acme Distribution',
  DELIVERY_PARTNER_DPID: 'PADPIDA2026112801X',
  DELIVERY_SFTP_HOST: 'sftp.acme.example',
  DELIVERY_SFTP_USER: 'goose',
  DELIVERY_SFTP_PRIVATE_KEY: PEM,
  DELIVERY_SFTP_INBOX: '/inbox',
  DELIVERY_SFTP_ACKNOWLEDGEMENTS: '/acks',
  DELIVERY_SFTP_REPORTS: '/reports',
  DELIVERY_PARTNER_STORES: 'spotify, apple_music',
};

afterEach(() => vi.restoreAllMocks());

describe('delivery partner configuration', () => {
  it('is the sandbox with the placeholder prefixes when nothing is set', () => {
    expect(loadConfig({}).distribution).toEqual({ prefixes: { isrc: 'QZGSE', upc: '0860' }, partner: null });
  });

  it('reads a whole partner, with defaults for the port, territories and poll intervals', () => {
    const { partner, prefixes } = parseDistributionConfig({ ...PARTNER_ENV, ISRC_PREFIX: 'usab1', UPC_PREFIX: '1234', DELIVERY_PARTNER_TERRITORIES: 'us,GB' });
    expect(prefixes).toEqual({ isrc: 'USAB1', upc: '1234' });
    expect(partner).toMatchObject({
      id: 'acme',
      dpid: 'PADPIDA2026112801X',
      sftp: { host: 'sftp.acme.example', port: 22, username: 'goose', privateKey: PEM, hostKeySha256: null },
      folders: { inbox: '/inbox', acknowledgements: '/acks', reports: '/reports', references: 'references' },
      stores: ['spotify', 'apple_music'],
      territories: ['US', 'GB'],
      ackPollMs: 300_000,
      reportsPollMs: 3_600_000,
    });
    expect(deliverySettings(parseDistributionConfig(PARTNER_ENV))).toEqual({ prefixes: { isrc: 'QZGSE', upc: '0860' }, partner: { id: 'acme', name: 'Acme Distribution', stores: ['spotify', 'apple_music'] } });
  });

  it('reads the private key from a file, and never echoes a key in its errors', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'goose-partner-key-'));
    try {
      await writeFile(path.join(dir, 'id'), PEM);
      expect(parseDistributionConfig({ ...PARTNER_ENV, DELIVERY_SFTP_PRIVATE_KEY: path.join(dir, 'id') }).partner?.sftp.privateKey).toBe(PEM);
      expect(() => parseDistributionConfig({ ...PARTNER_ENV, DELIVERY_SFTP_PRIVATE_KEY: path.join(dir, 'missing') })).toThrow(/DELIVERY_SFTP_PRIVATE_KEY must hold a PEM private key/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a partial or malformed partner, naming the variable', () => {
    const { DELIVERY_SFTP_REPORTS: _reports, ...partial } = PARTNER_ENV;
    expect(() => parseDistributionConfig(partial)).toThrow(/missing: DELIVERY_SFTP_REPORTS/);
    expect(() => parseDistributionConfig({ ...PARTNER_ENV, DELIVERY_PARTNER_DPID: 'ACME' })).toThrow(/DELIVERY_PARTNER_DPID/);
    expect(() => parseDistributionConfig({ ...PARTNER_ENV, DELIVERY_PARTNER_STORES: 'spotify,myspace' })).toThrow(/outside the catalogue: myspace/);
    expect(() => parseDistributionConfig({ ...PARTNER_ENV, DELIVERY_PARTNER_TERRITORIES: 'Europe' })).toThrow(/DELIVERY_PARTNER_TERRITORIES/);
    expect(() => parseDistributionConfig({ ...PARTNER_ENV, DELIVERY_SFTP_PORT: '70000' })).toThrow(/DELIVERY_SFTP_PORT/);
    expect(() => parseDistributionConfig({ ISRC_PREFIX: 'US-AB' })).toThrow(/ISRC_PREFIX/);
    expect(() => parseDistributionConfig({ UPC_PREFIX: '12345' })).toThrow(/UPC_PREFIX/);
  });

  it('warns at startup while a partner is configured with placeholder prefixes, naming them', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    logDeliverySetup(parseDistributionConfig({ ...PARTNER_ENV, UPC_PREFIX: '1234' }));
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ placeholders: ['ISRC_PREFIX'] }), expect.stringContaining('ISRC_PREFIX is still the placeholder'));
    warn.mockClear();
    logDeliverySetup(parseDistributionConfig({ ...PARTNER_ENV, ISRC_PREFIX: 'USAB1', UPC_PREFIX: '1234', DELIVERY_SFTP_HOST_KEY_SHA256: 'SHA256:abc' }));
    expect(warn).not.toHaveBeenCalled();
  });
});
