// The certificate dialog's words, read from its rendered HTML: a transaction no ledger holds offers
// no explorer link, and "where this registration is recorded" lists GOOSE's registry and the XRP
// Ledger as recorded or waiting, never the ledger as a failed "external database".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CertificateResponse } from '../../../../domain/contracts/lifecycle';
import { CertificateDetails } from './certificate-dialog';
import { RecordsTable } from './sync-status-table';

const render = (node: ReactNode) => renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

const TX = 'AB'.repeat(32);

function certificate(ledgerStatus: CertificateResponse['ledgerStatus']): CertificateResponse {
  return {
    certificateId: 'GOOSE-2026-0001',
    contentId: 'track-1',
    title: 'First Light',
    owner: 'ada',
    copyrightStatus: 'registered',
    publicVisibility: 'public',
    registrationDate: '2026-11-25T10:00:00.000Z',
    blockchainNetwork: 'testnet',
    walletAddress: 'rPlatform',
    xrplTxHash: TX,
    sha256: 'cd'.repeat(32),
    ledgerStatus,
    verificationStatus: 'signed, awaiting ledger submission',
    verificationUrl: 'http://localhost/verify/GOOSE-2026-0001',
    blockchainExplorer: { xrpscan: `https://testnet.xrpscan.com/tx/${TX}`, xrplorer: null, bithomp: `https://test.bithomp.com/explorer/${TX}`, xrplOrg: null },
    pdfFileName: 'certificate.pdf',
    signature: { algorithm: 'Ed25519', keyId: 'k1', publicKey: 'pk', canonicalization: 'RFC 8785', value: 'sig' },
    signedDocument: {},
  };
}

describe('certificate dialog', () => {
  it('offers no explorer link for a transaction that is signed and waiting, and says why', () => {
    const html = render(<CertificateDetails certificate={certificate('awaiting_submission')} />);
    expect(html).toContain('Signed, waiting for the ledger');
    expect(html).not.toContain('xrpscan.com');
    expect(html).not.toContain('bithomp.com');
    expect(html).not.toContain('Blockchain explorers');
    expect(html).toContain('Where this registration is recorded');
    expect(html).not.toContain('External database sync');
  });

  it('links the explorers once a ledger holds the transaction', () => {
    const html = render(<CertificateDetails certificate={certificate('validated')} />);
    expect(html).toContain(`href="https://testnet.xrpscan.com/tx/${TX}"`);
    expect(html).toContain('Blockchain explorers');
    expect(html).not.toContain('Signed, waiting for the ledger');
  });

  it('shows the XRP Ledger row of a signed registration as waiting, not failed', () => {
    const html = render(
      <RecordsTable
        status={{
          txHash: TX,
          syncResults: [
            { database: 'GOOSE copyright registry', success: true, state: 'recorded', transactionId: 'GOOSE-2026-0001', detail: 'Certificate issued and signed' },
            { database: 'XRP Ledger (testnet)', success: false, state: 'waiting', transactionId: TX, detail: 'Signed; it waits for a connection to the XRP Ledger' },
          ],
          syncStats: { successRate: 50, lastUpdate: '2026-11-25T10:00:00.000Z' },
        }}
      />,
    );
    expect(html).toMatch(/<tr data-state="waiting">.*XRP Ledger \(testnet\).*>Waiting<.*Signed; it waits for a connection/);
    expect(html).toContain('>Recorded<');
    expect(html).not.toContain('Failed');
    expect(html).toContain('Recorded in <strong>1 of 2</strong> (50%)');
  });
});
