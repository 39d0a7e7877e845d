// A rights holder's reference recording that matches a work already registered on GOOSE does not
// silently take precedence: a review case opens with both sides as parties (the holder and the
// work's owner) and a reviewer decides. The reference ingest (workflows) files it through this
// port; the case machinery (workflows/dispute) implements it.

/** One case per reference and work: delivering the same reference again opens no second case. */
export function referenceConflictDisputeId(referenceId: string, workId: string): string {
  return `reference-${referenceId}-${workId}`;
}

export interface ReferenceConflictFiling {
  disputeId: string;
  referenceId: string;
  referenceTitle: string;
  /** The holder's internal id and the name the work's owner sees. */
  holderId: string;
  holderName: string;
  /** The registered GOOSE work (its track's id). */
  workId: string;
  /** 0–100, as the copyright check measured it. */
  similarity: number;
  /** One sentence: what matched, where. */
  description: string;
}

/** Opens the review case for both sides; idempotent per disputeId. */
export type OpenReferenceConflict = (filing: ReferenceConflictFiling) => Promise<{ disputeId: string }>;
