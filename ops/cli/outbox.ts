// `npm run ops -- outbox`: what the platform would have mailed when no mail server is configured
// (royalty receivers' invitations with their signed links), read from data/outbox/. It reads files
// only, so it works while `npm start` runs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listOutbox, outboxDir, type OutboxEntry } from '../../infra/mail/mailer';
import { fail } from './command-line';

export const OUTBOX_USAGE = `usage: npm run ops -- outbox [--to <email>] [--last <n>] [--show <messageId>] [--json]
  lists the messages in DATA_DIR/outbox/, oldest first: when, to whom, the subject and the link;
  --show prints one message as mailed (the .eml)`;

/** One message per block: the date, recipient and subject, then the link on its own line. */
export function formatOutbox(entries: readonly OutboxEntry[], dir: string): string {
  if (entries.length === 0) return `The outbox (${dir}) is empty.\n`;
  const blocks = entries.map((e) => [`${e.createdAt}  ${e.kind}  ${e.messageId}`, `  To:      ${e.to}`, `  Subject: ${e.subject}`, ...(e.link ? [`  Link:    ${e.link}`] : []), `  File:    ${path.join(dir, e.eml)}`].join('\n'));
  return `${blocks.join('\n\n')}\n\n${entries.length} message${entries.length === 1 ? '' : 's'} in ${dir}\n`;
}

export async function outboxCommand(args: string[], dataDir: string): Promise<void> {
  let values: { to?: string; last?: string; show?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { to: { type: 'string' }, last: { type: 'string' }, show: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    return fail(`${(error as Error).message}\n${OUTBOX_USAGE}`, 2);
  }
  if (values.help) return fail(OUTBOX_USAGE, 0);
  const last = values.last === undefined ? undefined : Number(values.last);
  if (last !== undefined && !(Number.isInteger(last) && last > 0)) return fail(`--last must be a positive whole number, got ${values.last}\n${OUTBOX_USAGE}`, 2);
  const dir = outboxDir(dataDir);
  let entries = await listOutbox(dir);
  if (values.show) {
    const entry = entries.find((e) => e.messageId === values.show);
    if (!entry) return fail(`No message ${values.show} in ${dir}`, 1);
    process.stdout.write(await readFile(path.join(dir, entry.eml), 'utf8'));
    return;
  }
  if (values.to) entries = entries.filter((e) => e.to.toLowerCase() === values.to!.toLowerCase());
  if (last !== undefined) entries = entries.slice(-last);
  process.stdout.write(values.json ? `${JSON.stringify(entries, null, 2)}\n` : formatOutbox(entries, dir));
}
