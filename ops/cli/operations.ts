// `npm run ops -- ledger-failures [--json]` and `npm run ops -- workflows [--temporal <address>] [--json]`:
// the operations page's first two sections on the command line (the outbox is `ops -- outbox`).
// Same queries as GET /api/ops/ledger-failures and /api/ops/workflows.
import type { LedgerFailuresResponse, WorkflowsResponse } from '../../domain/contracts/operations';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function formatLedgerFailures(failures: LedgerFailuresResponse): string {
  const lines: string[] = [];
  lines.push(`registrations (${failures.registrations.length}):`);
  for (const r of failures.registrations) {
    lines.push(`  ${r.failedAt}  ${(r.resultCode ?? 'no result code').padEnd(20)} ${r.trackId}  "${r.title}" by ${r.ownerName ?? r.ownerId}: ${r.reason}${r.retries ? ` (retried ${r.retries}x)` : ''}`);
  }
  lines.push(`contract anchors (${failures.contractAnchors.length}):`);
  for (const a of failures.contractAnchors) {
    lines.push(`  ${a.createdAt}  ${(a.resultCode ?? 'no result code').padEnd(20)} ${a.contractId}  "${a.contentTitle}" by ${a.ownerName ?? a.ownerId} on ${a.network}: ${a.reason ?? 'no reason recorded'}`);
  }
  lines.push(`payout lines (${failures.payouts.length}):`);
  for (const p of failures.payouts) {
    lines.push(`  ${p.at ?? '-'}  ${(p.resultCode ?? 'no result code').padEnd(20)} ${p.runId}#${p.lineIndex}  ${dollars(p.amountCents)} to ${p.recipient} ("${p.contentTitle}"): ${p.reason}`);
  }
  lines.push('', ...failures.notes, 'retry a registration: npm run ops -- retry-registration <trackId>');
  return lines.join('\n');
}

export function formatWorkflows(answer: WorkflowsResponse): string {
  if (!answer.reachable) return `Temporal is not reachable: ${answer.error ?? 'no reason given'}`;
  if (answer.workflows.length === 0) return 'No stuck or failing workflows.';
  return answer.workflows
    .map((w) => `${w.problem.padEnd(16)} ${w.workflowId} (${w.type}, ${w.status})${w.activity ? ` ${w.activity}` : ''}${w.attempt ? ` attempt ${w.attempt}` : ''}${w.lastFailure ? `: ${w.lastFailure}` : ''}${w.since ? ` since ${w.since}` : ''}`)
    .join('\n');
}
