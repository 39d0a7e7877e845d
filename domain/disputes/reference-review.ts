// A rights holder's reference recording that matches a work already registered on GOOSE does not
// silently take precedence: a review case opens with both sides as parties (the holder and the
// work's owner) and a reviewer decides. The reference ingest (workflows) files it through this
// port; the case machinery (workflows/dispute) implements it.
import type { DisputeCommands } from './ports';

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

/**
 * Opens the case through the case workflows' client: a dispute about the registered work with the
 * holder as claimant and the work's owner as respondent, opened by the platform (filedBy system: a
 * user's filing rules do not apply, the owner is told as of any dispute, and a reviewer decides; no
 * default resolution).
 */
export function openReferenceConflictThrough(commands: DisputeCommands): OpenReferenceConflict {
  return async (filing) => {
    const filed = await commands.file(
      {
        disputeId: filing.disputeId,
        kind: 'dispute',
        workId: filing.workId,
        disputeType: 'copyright_infringement',
        priority: 'medium',
        subject: `“${filing.referenceTitle}”, a reference recording of ${filing.holderName}, matches this work`,
        description: filing.description,
        claimedRights: [],
        filedBy: 'system',
        references: [
          { referenceId: filing.referenceId, title: filing.referenceTitle, holderId: filing.holderId, holderName: filing.holderName, kind: null, similarity: filing.similarity, upload: null, reference: null },
        ],
      },
      { userId: filing.holderId, name: filing.holderName, roles: [] },
    );
    return { disputeId: filed.disputeId };
  };
}
