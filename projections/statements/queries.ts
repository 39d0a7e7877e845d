// Reads of the sales statement read models, each scoped to the user who asks: their imports,
// their unmatched lines, and the royalty breakdown of one of their releases.
import type { z } from 'zod';
import type { royaltyBreakdownSchema, statementSchema, unmatchedLineSchema } from '../../domain/contracts/distribution';
import { STORES } from '../../domain/distribution/catalogue';
import { UNMATCHED_REASON } from '../../domain/distribution/sales-statement.events';
import type { Queryable } from '../../infra/db/db';

type Statement = z.infer<typeof statementSchema>;
type UnmatchedLine = z.infer<typeof unmatchedLineSchema>;
type RoyaltyBreakdown = z.infer<typeof royaltyBreakdownSchema>['royalties'];

const STORE_NAMES = new Map(STORES.map((s) => [s.id, s.name]));

export async function listStatements(db: Queryable, importerId: string, limit = 100): Promise<Statement[]> {
  const { rows } = await db.query<{ statement_id: string; file_name: string; imported_at: Date; lines: number; matched: number; unmatched: number; duplicates: number; amount_cents: string; source: Statement['source']; partner_id: string | null }>(
    `SELECT statement_id, file_name, imported_at, lines, matched, unmatched, duplicates, amount_cents::text, source, partner_id FROM statements
     WHERE importer_id = $1 ORDER BY imported_at DESC, statement_id LIMIT $2`,
    [importerId, limit],
  );
  return rows.map((r) => ({
    statementId: r.statement_id,
    fileName: r.file_name,
    importedAt: new Date(r.imported_at).toISOString(),
    lines: r.lines,
    matched: r.matched,
    unmatched: r.unmatched,
    duplicates: r.duplicates,
    amount: Number(r.amount_cents),
    selfReported: r.source === 'self_reported',
    source: r.source,
    partnerId: r.partner_id,
  }));
}

/** The importer's unmatched lines, newest statement first, in file order within it. */
export async function listUnmatchedLines(db: Queryable, importerId: string, limit = 500): Promise<UnmatchedLine[]> {
  const { rows } = await db.query<{ line_number: number; period: string; store: string; country: string; identifier: string; units: string; amount_cents: string }>(
    `SELECT u.line_number, u.period, u.store, u.country, u.identifier, u.units::text, u.amount_cents::text
     FROM statement_unmatched_lines u LEFT JOIN statements s ON s.statement_id = u.statement_id
     WHERE u.importer_id = $1 AND (s.source IS NULL OR s.source = 'self_reported') ORDER BY s.imported_at DESC NULLS FIRST, u.statement_id, u.line_number LIMIT $2`,
    [importerId, limit],
  );
  return rows.map((r) => ({
    lineNumber: r.line_number,
    period: r.period,
    store: r.store,
    country: r.country,
    identifier: r.identifier,
    units: Number(r.units),
    amount: Number(r.amount_cents),
    reason: UNMATCHED_REASON,
    selfReported: true,
  }));
}

/**
 * A release's statement money by store, largest first, self-reported and payable apart; only its
 * owner's lines count. The payable figures (released, unreconciled) are added by the route from the
 * reconciliation read model.
 */
export async function findRoyaltyBreakdown(db: Queryable, distributionId: string, ownerId: string): Promise<{ totalAmount: number; totalStreams: number; selfReportedAmount: number; payableAmount: number; breakdown: RoyaltyBreakdown['breakdown'] }> {
  const { rows } = await db.query<{ store: string; self_reported: boolean; amount: string; streams: string }>(
    `SELECT store, source = 'self_reported' AS self_reported, sum(amount_cents)::text AS amount, sum(units)::text AS streams FROM statement_line_royalties
     WHERE distribution_id = $1 AND owner_id = $2 GROUP BY store, source = 'self_reported' ORDER BY sum(amount_cents) DESC, store`,
    [distributionId, ownerId],
  );
  const breakdown = rows.map((r) => ({ store: r.store, storeName: STORE_NAMES.get(r.store) ?? r.store, amount: Number(r.amount), streams: Number(r.streams), selfReported: r.self_reported }));
  const sum = (entries: typeof breakdown) => entries.reduce((total, b) => total + b.amount, 0);
  return {
    totalAmount: sum(breakdown),
    totalStreams: breakdown.reduce((total, b) => total + b.streams, 0),
    selfReportedAmount: sum(breakdown.filter((b) => b.selfReported)),
    payableAmount: sum(breakdown.filter((b) => !b.selfReported)),
    breakdown,
  };
}

export interface StatementEarnings {
  total: number;
  units: number;
  byMonth: Array<{ month: string; amount: number; units: number }>;
  byStore: Array<{ store: string; storeName: string; amount: number; units: number }>;
  byTerritory: Array<{ territory: string; amount: number; units: number }>;
}

/**
 * The owner's matched statement money from statement month `fromMonth` on (YYYY-MM; all when null),
 * by month, store and territory, payable statements and self-reported ones (estimates) apart, from
 * the owner's sums per month and store and per month and territory.
 */
export async function statementEarnings(db: Queryable, ownerId: string, fromMonth: string | null): Promise<{ payable: StatementEarnings; estimates: StatementEarnings }> {
  const { rows } = await db.query<{ estimate: boolean; period: string | null; store: string | null; country: string | null; amount: string; units: string }>(
    `SELECT estimate, period, store, NULL AS country, sum(amount_cents)::text AS amount, sum(units)::text AS units
       FROM statement_owner_stores WHERE owner_id = $1 AND ($2::text IS NULL OR period >= $2)
       GROUP BY GROUPING SETS ((estimate, period), (estimate, store))
     UNION ALL
     SELECT estimate, NULL, NULL, country, sum(amount_cents)::text, sum(units)::text
       FROM statement_owner_territories WHERE owner_id = $1 AND ($2::text IS NULL OR period >= $2)
       GROUP BY estimate, country`,
    [ownerId, fromMonth],
  );
  const empty = (): StatementEarnings => ({ total: 0, units: 0, byMonth: [], byStore: [], byTerritory: [] });
  const payable = empty();
  const estimates = empty();
  for (const row of rows) {
    const into = row.estimate ? estimates : payable;
    const amount = Number(row.amount);
    const units = Number(row.units);
    if (row.period !== null) {
      into.byMonth.push({ month: row.period, amount, units });
      into.total += amount;
      into.units += units;
    } else if (row.store !== null) into.byStore.push({ store: row.store, storeName: STORE_NAMES.get(row.store) ?? row.store, amount, units });
    else if (row.country !== null) into.byTerritory.push({ territory: row.country, amount, units });
  }
  for (const into of [payable, estimates]) {
    into.byMonth.sort((a, b) => a.month.localeCompare(b.month));
    into.byStore.sort((a, b) => b.amount - a.amount || a.store.localeCompare(b.store));
    into.byTerritory.sort((a, b) => b.amount - a.amount || a.territory.localeCompare(b.territory));
  }
  return { payable, estimates };
}

/** The importer's latest statements, newest first: the statements' part of the recent activity. */
export async function recentStatements(db: Queryable, importerId: string, limit: number): Promise<Array<{ fileName: string; matched: number; amount: number; selfReported: boolean; at: Date }>> {
  const statements = await listStatements(db, importerId, limit);
  return statements.map((s) => ({ fileName: s.fileName, matched: s.matched, amount: s.amount, selfReported: s.selfReported, at: new Date(s.importedAt) }));
}
