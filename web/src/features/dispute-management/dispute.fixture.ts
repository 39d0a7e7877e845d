// A case as the disputes routes answer it, for the dispute screens' tests; parsed with its contract
// so a fixture can never drift from what the server sends.
import { disputeSchema, type Dispute } from '../../../../domain/contracts/disputes';

type DisputeOverrides = Partial<Omit<Dispute, 'viewer'>> & { viewer?: Partial<Dispute['viewer']> };

export function dispute(overrides: DisputeOverrides = {}): Dispute {
  const { viewer, ...rest } = overrides;
  return disputeSchema.parse({
    id: 'dsp-1',
    kind: 'dispute',
    workId: 'track-1',
    workTitle: 'Midnight Rain',
    disputeType: 'copyright_infringement',
    priority: 'high',
    subject: 'My melody in the chorus',
    description: 'The chorus copies the melody of my 2019 song note for note.',
    status: 'open',
    claimedRights: ['reproduction', 'distribution'],
    claimantName: 'bob',
    respondentName: 'alice',
    assignedToName: null,
    createdAt: '2026-11-26T08:00:00.000Z',
    updatedAt: '2026-11-26T08:00:00.000Z',
    frozenAssets: { payoutsFreeze: true, licensingFreeze: true, estimatedValue: 1234.5 },
    evidence: {
      documents: [
        {
          id: 'ev-1',
          filename: 'original-score.pdf',
          type: 'document',
          size: 20_480,
          mimeType: 'application/pdf',
          sha256: 'a'.repeat(64),
          uploadedAt: '2026-11-26T08:05:00.000Z',
          description: 'The score as registered in 2019',
          submittedByName: 'bob',
          party: 'claimant',
          downloadable: true,
        },
      ],
    },
    messages: [{ id: 'msg-1', senderName: 'bob', senderType: 'claimant', timestamp: '2026-11-26T08:06:00.000Z', message: 'Please compare bars 12 to 20.' }],
    resolution: null,
    appeal: null,
    answer: null,
    deadlines: [{ kind: 'response', party: 'respondent', dueAt: '2026-12-26T08:00:00.000Z', consequence: 'Unanswered, the claim is upheld by default' }],
    viewer: { isClaimant: true, isRespondent: false, isAssignedReviewer: false, roles: ['creator'], allowedActions: ['add_evidence', 'message'], ...viewer },
    ...rest,
  });
}
