// The proof explorer's search state and display rules, pure and tested: the
// state in the address, when a search runs, the labels, the score colours, the size in KB and
// where a proof's ledger transaction can be seen.
import { DATE_RANGES, type DateRange } from '../../../../domain/contracts/registry';
import { PROOF_STATUSES, PROOF_TYPES, type Proof, type ProofStatus, type ProofType } from '../../../../domain/contracts/proofs';

export interface ProofSearch {
  query: string;
  proofType: ProofType | 'all';
  status: ProofStatus | 'all';
  verifier: string;
  dateRange: DateRange;
  /** The proofs of one work (the registry's "View proofs"); null for all. */
  workId: string | null;
}

export const EMPTY_PROOF_SEARCH: ProofSearch = { query: '', proofType: 'all', status: 'all', verifier: 'all', dateRange: 'all', workId: null };

const pick = <T extends string>(values: readonly T[], value: string | null): T | 'all' => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : 'all');

export function proofSearchFromParams(params: URLSearchParams): ProofSearch {
  const verifier = params.get('verifier')?.trim() ?? '';
  const workId = params.get('workId')?.trim() ?? '';
  const dateRange = params.get('dateRange') ?? '';
  return {
    query: params.get('query') ?? '',
    proofType: pick(PROOF_TYPES, params.get('proofType')),
    status: pick(PROOF_STATUSES, params.get('status')),
    verifier: verifier === '' ? 'all' : verifier,
    dateRange: (DATE_RANGES as readonly string[]).includes(dateRange) ? (dateRange as DateRange) : 'all',
    workId: workId === '' ? null : workId,
  };
}

/** The address of a search (defaults left out) plus the open proof, if any. */
export function paramsFromProofSearch(search: ProofSearch, proofId: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (search.query !== '') params.set('query', search.query);
  if (search.proofType !== 'all') params.set('proofType', search.proofType);
  if (search.status !== 'all') params.set('status', search.status);
  if (search.verifier !== 'all') params.set('verifier', search.verifier);
  if (search.dateRange !== 'all') params.set('dateRange', search.dateRange);
  if (search.workId) params.set('workId', search.workId);
  if (proofId) params.set('proof', proofId);
  return params;
}

/**
 * The proof search runs only if the query is non-empty, or the proof type or status
 * is not "all". A work's proofs (?workId=, the registry's "View proofs") are a search too.
 */
export function shouldSearchProofs(search: ProofSearch): boolean {
  return search.query.trim() !== '' || search.proofType !== 'all' || search.status !== 'all' || search.workId !== null;
}

/** The query string GET /api/proofs is called with (proofSearchQuerySchema's names). */
export function proofQueryString(search: ProofSearch): string {
  const params = new URLSearchParams({
    query: search.query.trim(),
    proofType: search.proofType,
    status: search.status,
    verifier: search.verifier,
    dateRange: search.dateRange,
  });
  if (search.workId) params.set('workId', search.workId);
  return params.toString();
}

/** "dispute_resolution" → "dispute resolution" (underscores shown as spaces). */
export function proofTypeLabel(type: string): string {
  return type.replaceAll('_', ' ');
}

/** A challenge that is decided (resolved, dismissed, or closed after its appeal window) is shown in the default style; one still open stands out. */
export function challengeDecided(status: string): boolean {
  return status === 'resolved' || status === 'dismissed' || status === 'closed';
}

export const PROOF_STATUS_LABELS: Record<ProofStatus, string> = { pending: 'Pending', verified: 'Verified', invalid: 'Invalid', expired: 'Expired' };
export const PROOF_STATUS_SEVERITY: Record<ProofStatus, 'success' | 'warning' | 'danger' | 'secondary'> = {
  verified: 'success',
  pending: 'warning',
  invalid: 'danger',
  expired: 'secondary',
};

export type ProofScoreColour = 'green' | 'yellow' | 'red';

/** A proof's oracle score colour: 90+ green, 80–89 yellow, below 80 red (the list and the detail view agree). */
export function proofScoreColour(score: number): ProofScoreColour {
  if (score >= 90) return 'green';
  if (score >= 80) return 'yellow';
  return 'red';
}

/** A document's size in KB to one decimal. */
export function sizeInKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const XRPL_EXPLORERS: Record<string, string> = {
  'xrpl-mainnet': 'https://livenet.xrpl.org/transactions/',
  'xrpl-testnet': 'https://testnet.xrpl.org/transactions/',
  'xrpl-devnet': 'https://devnet.xrpl.org/transactions/',
};

/**
 * The public explorer page of the proof's ledger transaction, or null: none while the
 * transaction awaits submission (it is on no ledger), none for a network without a public
 * explorer (a private or custom ledger).
 */
export function blockchainLink(proof: Pick<Proof, 'attestation'>): string | null {
  const { networkId, polygonTransactionId, confirmation } = proof.attestation;
  if (!polygonTransactionId || /awaiting/i.test(confirmation)) return null;
  const base = XRPL_EXPLORERS[networkId];
  return base ? `${base}${encodeURIComponent(polygonTransactionId)}` : null;
}

export const proofBundleUrl = (proofId: string) => `/api/proofs/${encodeURIComponent(proofId)}/bundle`;
/** The bundle's file name: the proof id made safe for a file system. */
export const proofBundleFileName = (proofId: string) => `goose-proof-${proofId.replace(/[^A-Za-z0-9._-]+/g, '-')}.json`;
export const proofDocumentUrl = (proofId: string, documentId: string) => `/api/proofs/${encodeURIComponent(proofId)}/documents/${encodeURIComponent(documentId)}`;

/** Copies `text`; the toast names the item ("Copied!" or "Copy failed"). */
export async function copyToClipboard(
  text: string,
  itemName: string,
  show: (toast: { severity: 'success' | 'error'; summary: string; detail: string }) => void,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = typeof navigator === 'undefined' ? undefined : navigator.clipboard,
): Promise<void> {
  try {
    if (!clipboard) throw new Error('no clipboard');
    await clipboard.writeText(text);
    show({ severity: 'success', summary: 'Copied!', detail: `${itemName} copied to the clipboard` });
  } catch {
    show({ severity: 'error', summary: 'Copy failed', detail: 'Could not copy to clipboard' });
  }
}
