// `npm run ops -- import-statement --partner <id> <file.csv>` and `record-funds --partner <id>
// --period YYYY-MM --amount-cents <n> --reference <ref>`: an operator's side of the payable money
// (docs/royalties.md "Where royalty money comes from"). On the configured store (stop `npm start`
// first when it holds the embedded database), or with `--api <app url>` through the running app's
// operator routes with the operator token. Both are idempotent: the same file (by checksum) is
// imported once per partner, the same funds reference is recorded once.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { postgresReleaseLookup } from '../../infra/distribution/release-lookup';
import { readStatementCsv, StatementCsvError } from '../../infra/distribution/statement-csv';
import { payableStatementImporter } from '../../infra/distribution/statement-import';
import type { EventStore } from '../../infra/eventstore/event-store';
import type { Queryable } from '../../infra/db/db';
import { royaltyEarningsSink } from '../../infra/royalties/earnings-sink';
import { recordPartnerFunds } from '../../infra/royalties/reconciliation';
import { fail } from './command-line';

export const STATEMENTS_USAGE = `usage: npm run ops -- import-statement --partner <partnerId> [--operator <name>] [--api <app url>] <statement.csv>
       npm run ops -- record-funds --partner <partnerId> --period <YYYY-MM> --amount-cents <cents> --reference <payment reference> [--operator <name>] [--api <app url>]
  import-statement: the partner's sales statement (period,store,country,identifier,units,amount in cents) as payable;
                    a file is imported once per partner whatever its name; it pays only up to the partner's funds
  record-funds:     what the partner actually paid for the period, in USD cents; a reference is recorded once
  --api: through the running app's operator API, with OPS_TOKEN or the token npm start made under DATA_DIR`;

const PARTNER_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface ImportStatementArgs {
  partnerId: string;
  file: string;
  operator: string;
  api: string | null;
}

export interface RecordFundsArgs {
  partnerId: string;
  period: string;
  amountCents: number;
  reference: string;
  operator: string;
  api: string | null;
}

/** Every option is a string but --help; a bad command line exits 2 with the usage. */
function parse(args: string[], names: readonly string[]): { values: Record<string, string | undefined>; positionals: string[] } {
  const options: Record<string, { type: 'string' }> = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { ...options, help: { type: 'boolean', short: 'h', default: false } } });
  } catch (error) {
    return fail(`${(error as Error).message}\n${STATEMENTS_USAGE}`, 2);
  }
  const { help, ...values } = parsed.values as Record<string, string | boolean | undefined>;
  if (help === true) fail(STATEMENTS_USAGE, 0);
  return { values: values as Record<string, string | undefined>, positionals: parsed.positionals };
}

function operatorName(flag: string | undefined): string {
  if (flag?.trim()) return flag.trim().slice(0, 100);
  try {
    return `ops-cli:${os.userInfo().username}`;
  } catch {
    return `ops-cli:${process.env.USER ?? 'unknown'}`;
  }
}

function partnerOf(value: string | undefined): string {
  if (typeof value !== 'string' || !PARTNER_ID.test(value)) fail(`--partner must be a partner id (1–63 lower-case letters, digits, "-" or "_")\n${STATEMENTS_USAGE}`, 2);
  return value;
}

export function parseImportStatementArgs(args: string[]): ImportStatementArgs {
  const { values, positionals } = parse(args, ['partner', 'operator', 'api']);
  if (positionals.length !== 1) fail(STATEMENTS_USAGE, 2);
  return { partnerId: partnerOf(values.partner), file: positionals[0]!, operator: operatorName(values.operator), api: values.api ?? null };
}

export function parseRecordFundsArgs(args: string[]): RecordFundsArgs {
  const { values, positionals } = parse(args, ['partner', 'period', 'amount-cents', 'reference', 'operator', 'api']);
  if (positionals.length > 0) fail(STATEMENTS_USAGE, 2);
  const period = values.period;
  if (typeof period !== 'string' || !PERIOD.test(period)) fail(`--period must be YYYY-MM\n${STATEMENTS_USAGE}`, 2);
  const cents = values['amount-cents'];
  if (typeof cents !== 'string' || !/^[1-9][0-9]{0,14}$/.test(cents)) fail(`--amount-cents must be a whole, positive number of US cents (write 123456 for $1,234.56)\n${STATEMENTS_USAGE}`, 2);
  const reference = typeof values.reference === 'string' ? values.reference.trim() : '';
  if (!reference || reference.length > 200) fail(`--reference is the partner's payment reference (1–200 characters)\n${STATEMENTS_USAGE}`, 2);
  return { partnerId: partnerOf(values.partner), period, amountCents: Number(cents), reference, operator: operatorName(values.operator), api: values.api ?? null };
}

/** Imports the file on an open store; answers the import's plain-words message and whether it changed anything. */
export async function importStatementOnStore(deps: { db: Queryable; eventStore: EventStore }, args: ImportStatementArgs): Promise<{ message: string; alreadyImported: boolean }> {
  const bytes = await readFile(args.file);
  let lines;
  try {
    lines = await readStatementCsv((async function* () {
      yield bytes;
    })());
  } catch (error) {
    if (error instanceof StatementCsvError) fail(`refused: ${error.message}`, 2);
    throw error;
  }
  if (lines.length === 0) fail('refused: the statement has a header but no lines', 2);
  const importer = payableStatementImporter({ eventStore: deps.eventStore, releases: postgresReleaseLookup(deps.db), earnings: royaltyEarningsSink(deps.eventStore) });
  const source = { partnerId: args.partnerId, channel: 'operator_import' as const, fileName: path.basename(args.file).slice(0, 300), checksum: createHash('sha256').update(bytes).digest('hex'), importedBy: `operator:${args.operator}` };
  const imported = await importer({ source, lines, correlationId: `ops-cli-${Date.now()}` });
  return { message: imported.message, alreadyImported: imported.alreadyImported };
}

export async function recordFundsOnStore(deps: { eventStore: EventStore }, args: RecordFundsArgs): Promise<{ message: string; recorded: boolean }> {
  const actor = `operator:${args.operator}`;
  const funds = await recordPartnerFunds(
    { eventStore: deps.eventStore, earnings: royaltyEarningsSink(deps.eventStore) },
    { partnerId: args.partnerId, period: args.period, amountCents: args.amountCents, reference: args.reference, recordedBy: actor },
    { correlationId: `ops-cli-${Date.now()}`, actor },
  );
  return { message: funds.message, recorded: funds.recorded };
}

async function answer(response: Response): Promise<{ message: string } & Record<string, unknown>> {
  const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
  if (!response.ok) fail(`refused (${response.status}): ${body.error ?? response.statusText}`, response.status >= 500 ? 1 : 2);
  return body as { message: string } & Record<string, unknown>;
}

/** The same import through a running app: POST /api/ops/partners/<id>/statements. */
export async function importStatementThroughApi(args: ImportStatementArgs & { api: string }, token: string): Promise<{ message: string; alreadyImported: boolean }> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(args.file)], { type: 'text/csv' }), path.basename(args.file));
  const response = await fetch(`${args.api.replace(/\/+$/, '')}/api/ops/partners/${encodeURIComponent(args.partnerId)}/statements`, {
    method: 'POST',
    headers: { 'x-operator-token': token, 'x-operator-name': args.operator },
    body: form,
  });
  const body = await answer(response);
  return { message: body.message, alreadyImported: body.alreadyImported === true };
}

/** The same funds through a running app: POST /api/ops/partners/<id>/funds. */
export async function recordFundsThroughApi(args: RecordFundsArgs & { api: string }, token: string): Promise<{ message: string; recorded: boolean }> {
  const response = await fetch(`${args.api.replace(/\/+$/, '')}/api/ops/partners/${encodeURIComponent(args.partnerId)}/funds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token, 'x-operator-name': args.operator },
    body: JSON.stringify({ amountCents: args.amountCents, currency: 'USD', period: args.period, reference: args.reference }),
  });
  const body = await answer(response);
  return { message: body.message, recorded: body.recorded === true };
}
