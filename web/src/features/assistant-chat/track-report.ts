// What the chat tells about the track it works on, read from the server's own state of it (the vault
// item the websocket keeps current): the intake steps, each mastering step and the master's
// measured figures, each oracle stage and the check's verdict with the oracle's real figures and
// passages, and the registration's ledger status. Every line has a key naming the run it belongs
// to, so the chat says each thing once, as it happens, and a new run is told afresh. Pure.
import type { VaultItem } from '../../../../domain/contracts/vault';
import { INTAKE_STEPS } from '../../../../domain/track/lifecycle';
import { describeConflict, describePassage } from '../../components/copyright/registered-work';
import { formatDuration } from '../../lib/format';
import { LEDGER_STATUS_TEXT } from '../../lib/track/ledger-status';
import { noMatchText } from '../../lib/track/no-match';
import { serverStep } from '../../lib/track/workflow-steps';

export type ReportTone = 'info' | 'success' | 'warn' | 'error';

export interface ReportLine {
  key: string;
  text: string;
  tone: ReportTone;
}

const INTAKE_TEXT: Record<(typeof INTAKE_STEPS)[number], (item: VaultItem) => string> = {
  receive: (item) => `Received ${item.metadata.originalName}`,
  store: () => 'Stored in your vault',
  probe: (item) =>
    `Read the audio: ${[item.metadata.duration !== null ? formatDuration(item.metadata.duration) : null, item.metadata.format?.toUpperCase() ?? null].filter(Boolean).join(', ') || 'probed'}`,
};

function intakeLines(item: VaultItem): ReportLine[] {
  const lines: ReportLine[] = [];
  for (const step of INTAKE_STEPS) {
    const status = serverStep(item, step);
    if (status === 'completed') lines.push({ key: `intake:${step}`, text: INTAKE_TEXT[step](item), tone: 'info' });
    if (status === 'failed') lines.push({ key: `intake:${step}:failed`, text: `Intake failed: ${item.workflow.failureReason ?? `the ${step} step failed`}`, tone: 'error' });
  }
  return lines;
}

function masteringLines(item: VaultItem): ReportLine[] {
  const run = item.mastering;
  if (!run) return [];
  const name = run.kind === 'preview' ? 'Preview' : 'Mastering';
  const lines: ReportLine[] = run.steps
    .filter((step) => step.progress >= 100 && step.step !== 'Complete')
    .map((step) => ({ key: `master:${run.masterId}:${step.step}`, text: `${name}: ${step.step} done`, tone: 'info' }));
  if (run.error) lines.push({ key: `master:${run.masterId}:failed`, text: `${name} failed: ${run.error}`, tone: 'error' });
  else if (!run.running && run.results) {
    const { lufs, peak, dynamicRange } = run.results;
    lines.push({
      key: `master:${run.masterId}:done`,
      text: `${run.kind === 'preview' ? 'Preview ready' : 'Mastered'}: ${lufs.toFixed(1)} LUFS, ${peak.toFixed(1)} dBTP true peak, ${dynamicRange.toFixed(1)} LU range`,
      tone: 'success',
    });
  }
  return lines;
}

/** The verdict as the oracle gave it, with its figures. */
function verdictLine(check: NonNullable<VaultItem['copyrightCheck']>): Omit<ReportLine, 'key'> | null {
  if (check.status === 'failed') return { text: `Copyright check failed: ${check.reason ?? 'the oracle could not finish'}`, tone: 'error' };
  if (check.status !== 'completed') return null;
  const scanned =
    check.recordsScanned !== null
      ? `${check.recordsScanned.toLocaleString('en-US')} records scanned${check.databasesChecked !== null ? ` in ${check.databasesChecked} ${check.databasesChecked === 1 ? 'database' : 'databases'}` : ''}`
      : null;
  const score = check.clearanceScore !== null ? `clearance score ${check.clearanceScore}%` : null;
  switch (check.verdict) {
    case 'cleared':
      return { text: `Copyright check: ${noMatchText(check)}${[scanned, score].some(Boolean) ? ` (${[scanned, score].filter(Boolean).join('; ')})` : ''}`, tone: 'success' };
    case 'needs_review': {
      const passages = [...check.referenceMatches.map((m) => `“${m.title}”, a reference recording of ${m.holderName}`), ...check.passages.map(describePassage)];
      return {
        // No "ask for a review": the hold opens its review case by itself (domain/disputes/oracle-review.ts), told next.
        text: `Copyright check: held for review — ${passages.length > 0 ? `matches ${passages.join('; ')}` : (check.reason ?? 'part of it looks copied from a registered work')}.`,
        tone: 'warn',
      };
    }
    case 'conflict':
      return {
        text: `Copyright check: conflict — ${check.conflicts.length > 0 ? check.conflicts.map(describeConflict).join('; ') : (check.reason ?? 'a registered work matches')}`,
        tone: 'error',
      };
    default:
      return { text: `Copyright check: ${check.verdict?.replace(/_/g, ' ') ?? 'no verdict'}${check.reason ? ` — ${check.reason}` : ''}`, tone: 'warn' };
  }
}

function checkLines(item: VaultItem): ReportLine[] {
  const check = item.copyrightCheck;
  if (!check?.checkId) return [];
  const run = `check:${check.checkId}`;
  const lines: ReportLine[] = check.stages
    .filter((stage) => stage.status === 'completed')
    .map((stage) => ({ key: `${run}:${stage.name}`, text: `Copyright check: ${stage.name} done`, tone: 'info' }));
  const verdict = verdictLine(check);
  if (verdict) lines.push({ key: `${run}:verdict`, ...verdict });
  if (check.review) {
    lines.push({
      key: `${run}:review-opened`,
      text: `A reviewer is looking at it (case #${check.review.disputeId}); there is nothing for you to request. You can follow the case in Dispute Management.`,
      tone: 'info',
    });
  }
  const decision = check.review?.decision;
  if (decision) {
    lines.push({
      key: `${run}:review`,
      text: `A reviewer ${decision.outcome === 'cleared' ? 'cleared' : 'refused'} the track: ${decision.details}`,
      tone: decision.outcome === 'cleared' ? 'success' : 'error',
    });
  }
  return lines;
}

function registrationLines(item: VaultItem): ReportLine[] {
  const registration = item.registration;
  if (!registration) return [];
  const status = registration.ledgerStatus;
  return [
    {
      key: `register:${status}`,
      text: `Registration: ${LEDGER_STATUS_TEXT[status]}${registration.note ? `. ${registration.note}` : ''}`,
      tone: status === 'failed' ? 'error' : status === 'validated' ? 'success' : 'info',
    },
  ];
}

/** Everything the server's state of the track says so far, in the order it happened. */
export function trackReport(item: VaultItem): ReportLine[] {
  return [...intakeLines(item), ...masteringLines(item), ...checkLines(item), ...registrationLines(item)];
}

/** Whether intake is done and the track can take commands (the decider's "probed"). */
export function intakeDone(item: VaultItem): boolean {
  return serverStep(item, 'probe') === 'completed';
}
