// What dispute management shows in words: the labels, icons and badge colours of the
// types, statuses and priorities, the relative created time, the live deadline countdowns, the
// summary cards' figures, the list's query string from the filters, and the timeline. Pure, so the
// screens and their tests share one reading of a case.
import type { z } from 'zod';
import {
  DISPUTE_STATUSES,
  type Dispute,
  type AutoAction,
  type DisputeListQuery,
  type DisputeListResponse,
  type DisputePriority,
  type DisputeStatus,
  type DisputeType,
  type disputeDeadlineSchema,
  type ResolutionOutcome,
} from '../../../../domain/contracts/disputes';
import type { LicenseType } from '../../../../domain/contracts/licensing';

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary' | 'contrast';

export const DISPUTE_TYPE_DISPLAY: Record<DisputeType, { label: string; icon: string }> = {
  copyright_infringement: { label: 'Copyright infringement', icon: 'pi-copy' },
  ownership_claim: { label: 'Ownership claim', icon: 'pi-user' },
  licensing_violation: { label: 'Licensing violation', icon: 'pi-file-excel' },
  attribution_dispute: { label: 'Attribution dispute', icon: 'pi-tag' },
  false_dmca: { label: 'False DMCA', icon: 'pi-exclamation-circle' },
};

/** What the owner learns of a new case while the server sends no notifications: it is listed in their Disputes tab, nothing more. */
export const OWNER_SEES_CASE = "The case is listed in the owner's Disputes tab; no notification is sent to them (no mail, no in-app message).";

/**
 * One automatic action of a filing in words. Without the notifications capability, `owner_notified`
 * records only that the owner can find the case: older records say "told", so its words are the screen's own.
 */
export function autoActionText(action: AutoAction, notifications: boolean): string {
  return action.action === 'owner_notified' && !notifications ? OWNER_SEES_CASE : action.detail;
}

export const STATUS_DISPLAY: Record<DisputeStatus, { label: string; severity: Severity }> = {
  open: { label: 'Open', severity: 'info' },
  investigating: { label: 'Investigating', severity: 'warning' },
  pending_evidence: { label: 'Pending evidence', severity: 'warning' },
  under_review: { label: 'Under review', severity: 'contrast' },
  resolved: { label: 'Resolved', severity: 'success' },
  dismissed: { label: 'Dismissed', severity: 'secondary' },
  escalated: { label: 'Escalated', severity: 'danger' },
};

export const PRIORITY_DISPLAY: Record<DisputePriority, { label: string; severity: Severity }> = {
  low: { label: 'Low', severity: 'secondary' },
  medium: { label: 'Medium', severity: 'info' },
  high: { label: 'High', severity: 'warning' },
  critical: { label: 'Critical', severity: 'danger' },
};

export const RIGHT_LABELS: Record<LicenseType, string> = {
  reproduction: 'Reproduction',
  distribution: 'Distribution',
  public_performance: 'Public performance',
  synchronization: 'Synchronization',
  adaptation: 'Adaptation',
  commercial_use: 'Commercial use',
};

export const OUTCOME_LABELS: Record<ResolutionOutcome, string> = {
  upheld: 'Upheld (for the claimant)',
  rejected: 'Rejected (for the respondent)',
  settled: 'Settled between the parties',
  dismissed: 'Dismissed',
  cleared: 'Cleared: the track may register',
  refused: 'Refused: the track stays held',
};

export const EVIDENCE_TYPE_LABELS = { document: 'Document', audio: 'Audio', image: 'Image', contract: 'Contract', correspondence: 'Correspondence', other: 'Other' } as const;

export const SENDER_LABELS = { claimant: 'Claimant', respondent: 'Respondent', reviewer: 'Reviewer', system: 'System' } as const;

const DAY_MS = 86_400_000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** A case's created time: Today, Yesterday, N days ago under 7, N weeks ago under 30, else N months ago. */
export function relativeCreated(iso: string, now: Date = new Date()): string {
  const created = new Date(iso);
  if (Number.isNaN(created.getTime())) return '—';
  const days = Math.max(0, Math.round((startOfDay(now) - startOfDay(created)) / DAY_MS));
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return weeks === 1 ? '1 week ago' : `${weeks} weeks ago`;
  }
  const months = Math.max(1, Math.floor(days / 30));
  return months === 1 ? '1 month ago' : `${months} months ago`;
}

export type DisputeDeadline = z.infer<typeof disputeDeadlineSchema>;

const DEADLINE_VERBS: Record<DisputeDeadline['kind'], string> = { response: 'to answer', evidence: 'to send evidence', appeal: 'to appeal' };

/** "29 days 23 h left to answer", "5 h 12 min left to appeal", or "Deadline to answer passed". */
export function countdown(deadline: DisputeDeadline, now: Date = new Date()): string {
  const verb = DEADLINE_VERBS[deadline.kind];
  const left = new Date(deadline.dueAt).getTime() - now.getTime();
  if (Number.isNaN(left)) return `Deadline ${verb}: unknown`;
  if (left <= 0) return `Deadline ${verb} passed`;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  const dayPart = days === 1 ? '1 day' : `${days} days`;
  const span = days > 0 ? `${dayPart} ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${Math.max(1, minutes)} min`;
  return `${span} left ${verb}`;
}

const PARTY_LABELS: Record<DisputeDeadline['party'], string> = { claimant: 'the claimant', respondent: 'the respondent', both: 'both parties', either: 'either party' };

export function deadlineParty(deadline: DisputeDeadline): string {
  return PARTY_LABELS[deadline.party];
}

export interface SummaryCards {
  open: number;
  underReview: number;
  resolved: number;
  critical: number;
}

/** The four cards: Open Disputes = open + investigating; Under Review; Resolved; Critical Priority. */
export function summaryCards(summary: DisputeListResponse['summary']): SummaryCards {
  const status = (key: DisputeStatus) => summary.byStatus[key] ?? 0;
  return { open: status('open') + status('investigating'), underReview: status('under_review'), resolved: status('resolved'), critical: summary.byPriority.critical ?? 0 };
}

export interface DisputeFilters {
  status: DisputeStatus | null;
  disputeType: DisputeType | null;
  priority: DisputePriority | null;
  assignedTo: 'all' | 'unassigned' | 'me';
  workId: string;
}

export const DEFAULT_FILTERS: DisputeFilters = { status: null, disputeType: null, priority: null, assignedTo: 'all', workId: '' };

export function hasFilters(filters: DisputeFilters): boolean {
  return filters.status !== null || filters.disputeType !== null || filters.priority !== null || filters.assignedTo !== 'all' || filters.workId.trim() !== '';
}

/** The GET /api/disputes query string for these filters; only what is set is sent. */
export function disputeSearchParams(filters: DisputeFilters): string {
  const query: DisputeListQuery = {};
  if (filters.status) query.status = filters.status;
  if (filters.disputeType) query.disputeType = filters.disputeType;
  if (filters.priority) query.priority = filters.priority;
  if (filters.assignedTo !== 'all') query.assignedTo = filters.assignedTo;
  if (filters.workId.trim()) query.workId = filters.workId.trim();
  return new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
}

/** Filters from the page's address (?status=&disputeType=&priority=&assignedTo=&workId=); anything unknown is ignored. */
export function filtersFromParams(params: URLSearchParams): DisputeFilters {
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | null => {
    const value = params.get(key);
    return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
  };
  return {
    status: pick('status', DISPUTE_STATUSES),
    disputeType: pick('disputeType', Object.keys(DISPUTE_TYPE_DISPLAY) as DisputeType[]),
    priority: pick('priority', Object.keys(PRIORITY_DISPLAY) as DisputePriority[]),
    assignedTo: pick('assignedTo', ['unassigned', 'me'] as const) ?? 'all',
    workId: params.get('workId')?.trim() ?? '',
  };
}

/** "$1,234.50" from dollars. */
export function formatDollars(amount: number): string {
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

export interface TimelineEntry {
  title: string;
  at: string;
  detail: string | null;
}

/** Dispute Filed, every evidence item and message as it was recorded, the appeal, and Dispute Resolved, in time order. */
export function timelineOf(dispute: Dispute): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ title: 'Dispute Filed', at: dispute.createdAt, detail: `${dispute.claimantName} filed ${DISPUTE_TYPE_DISPLAY[dispute.disputeType].label.toLowerCase()} against ${dispute.workTitle}` }];
  if (dispute.answer) entries.push({ title: 'Respondent Answered', at: dispute.answer.answeredAt, detail: `${dispute.answer.byName}: ${dispute.answer.message}` });
  for (const document of dispute.evidence.documents) {
    entries.push({ title: 'Evidence Submitted', at: document.uploadedAt, detail: `${document.submittedByName} (${SENDER_LABELS[document.party].toLowerCase()}): ${document.filename}` });
  }
  for (const message of dispute.messages) {
    entries.push({ title: message.senderType === 'system' ? 'Recorded step' : 'Message', at: message.timestamp, detail: `${message.senderName}: ${message.message}` });
  }
  if (dispute.resolution) {
    const resolution = dispute.resolution;
    entries.push({ title: 'Dispute Resolved', at: resolution.resolvedAt, detail: `${OUTCOME_LABELS[resolution.outcome]} by ${resolution.resolvedByName}${resolution.byDefault ? ' (by default: no answer in time)' : ''}` });
  }
  if (dispute.appeal) entries.push({ title: 'Appealed', at: dispute.appeal.appealedAt, detail: `${dispute.appeal.byName}: ${dispute.appeal.reason}` });
  return entries.sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime());
}

/** Add Evidence on a row only in pending_evidence, and for a party whenever the server allows it. */
export function canAddEvidence(dispute: Dispute): boolean {
  return dispute.viewer.allowedActions.includes('add_evidence') && (dispute.status === 'pending_evidence' || dispute.viewer.isClaimant || dispute.viewer.isRespondent);
}
