// What the proof explorer shows, read from its rendered HTML: the prompt before a search, the
// skeletons, "No proofs found", the cards with Download and Blockchain, and the View Proof tabs.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { PROOFS_KEY } from '../../../lib/query-keys';
import { EMPTY_PROOF_SEARCH, proofQueryString } from '../proof-search';
import { proof } from '../proof.fixture';
import { ProofTabs } from './proof-dialog';
import { ProofExplorerPage, ProofResults } from './proof-explorer-page';

function render(node: ReactNode, queryClient = new QueryClient()): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{node}</ToastProvider>
    </QueryClientProvider>,
  );
}

const noop = () => undefined;
const searching = { ...EMPTY_PROOF_SEARCH, query: 'rain' };

describe('proof results', () => {
  it('asks for a query or a filter before searching', () => {
    expect(render(<ProofResults search={EMPTY_PROOF_SEARCH} status="pending" proofs={undefined} total={0} error={null} onView={noop} />)).toContain('to search the proofs');
  });

  it('shows skeletons while loading and No proofs found for an empty answer', () => {
    expect(render(<ProofResults search={searching} status="pending" proofs={undefined} total={0} error={null} onView={noop} />)).toContain('p-skeleton');
    expect(render(<ProofResults search={searching} status="success" proofs={[]} total={0} error={null} onView={noop} />)).toContain('No proofs found');
  });

  it('shows a card per proof with its status, type, score and the three buttons', () => {
    const html = render(<ProofResults search={searching} status="success" proofs={[proof(), proof({ id: 'p2', type: 'dispute_resolution', status: 'pending' })]} total={2} error={null} onView={noop} />);
    expect(html).toContain('2 proofs found');
    expect(html).toContain('Midnight Rain');
    expect(html).toContain('>Verified<');
    expect(html).toContain('>Pending<');
    expect(html).toContain('dispute resolution');
    expect(html).toMatch(/proof-score--green[^>]*>93%/);
    expect(html).toContain('View Proof');
    expect(html.match(/>Download</g)).toHaveLength(2);
    expect(html).toContain(`href="https://testnet.xrpl.org/transactions/${'A'.repeat(64)}"`);
  });

  it('disables the Blockchain button for a proof awaiting submission', () => {
    const awaiting = proof({ status: 'pending', attestation: { ...proof().attestation, polygonTransactionId: 'B'.repeat(64), blockHeight: null, timestamp: null, confirmation: 'awaiting submission' } });
    const html = render(<ProofResults search={searching} status="success" proofs={[awaiting]} total={1} error={null} onView={noop} />);
    expect(html).not.toContain('xrpl.org');
    expect(html).toMatch(/<button[^>]*disabled[^>]*>.*Blockchain/);
  });
});

describe('view proof', () => {
  it('has the five tabs and opens on the Overview with the id, work, creator, type, status and score', () => {
    const html = render(<ProofTabs proof={proof({ type: 'dispute_resolution', verification: { ...proof().verification, oracleScore: 85 } })} />);
    for (const tab of ['Overview', 'Blockchain', 'Signature', 'Evidence', 'Verification']) expect(html).toContain(`>${tab}<`);
    expect(html).toContain('proof-creation-CERT-1');
    expect(html).toContain('aria-label="Copy Proof id"');
    expect(html).toContain('href="/rights-registry?work=track-1"');
    expect(html).toContain('alice');
    expect(html).toContain('dispute resolution');
    expect(html).toMatch(/proof-score--yellow[^>]*>85%/);
    expect(html).toContain('Download');
  });

  it('Blockchain: network, ledger transaction id and hashes with copy buttons, block height and confirmation', () => {
    const html = render(<ProofTabs proof={proof()} initialTab="Blockchain" />);
    for (const text of ['xrpl-testnet', 'Ledger transaction id', 'A'.repeat(64), 'aria-label="Copy Blockchain hash"', '123456', 'validated']) expect(html).toContain(text);
    expect(html).not.toContain('IPFS hash');
  });

  it('Signature: algorithm, key, signature, key id, issuer and No expiration', () => {
    const html = render(<ProofTabs proof={proof()} initialTab="Signature" />);
    for (const text of ['Ed25519', 'aria-label="Copy Public key"', 'aria-label="Copy Signature"', 'goose-key-1', 'No expiration']) expect(html).toContain(text);
  });

  it('Evidence: documents with size in KB, SHA-256 and Download, and the fingerprints', () => {
    const html = render(<ProofTabs proof={proof()} initialTab="Evidence" />);
    for (const text of ['midnight-rain.wav', 'audio/wav', '2100.0 KB', 'c'.repeat(64), 'aria-label="Download midnight-rain.wav"', 'audioFingerprint', '97% confidence']) expect(html).toContain(text);
  });

  it('Verification: score, date, verifiers and challenges', () => {
    const html = render(<ProofTabs proof={proof()} initialTab="Verification" />);
    expect(html).toContain('GOOSE copyright oracle, XRPL testnet');
    expect(html).toContain('No challenges');
    const challenged = proof({ verification: { ...proof().verification, challenges: [{ id: 'c1', type: 'ownership_claim', challengedBy: 'bob', resolution: 'Claim dismissed', status: 'resolved' }] } });
    const withChallenge = render(<ProofTabs proof={challenged} initialTab="Verification" />);
    for (const text of ['ownership claim', 'challenged by bob', 'Resolution: Claim dismissed', 'resolved']) expect(withChallenge).toContain(text);
  });
});

describe('proof explorer page', () => {
  it('has the search box and the four filters, and shows the proofs of the work in the address', () => {
    const search = { ...EMPTY_PROOF_SEARCH, workId: 'track-1' };
    const queryClient = new QueryClient();
    queryClient.setQueryData([...PROOFS_KEY, proofQueryString(search)], { proofs: [proof()], total: 1 });
    const html = render(<ProofExplorerPage search={search} openProofId={null} onSearch={noop} onOpenProof={noop} />, queryClient);
    expect(html).toContain('Proof Explorer');
    expect(html).toContain('aria-label="Search proofs"');
    for (const label of ['Proof type', 'Status', 'Verifier', 'Date range']) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('Showing the proofs of one work');
    expect(html).toContain('Show all works');
    expect(html).toContain('1 proof found');
  });
});
