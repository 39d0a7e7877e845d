// The mail a journey's server wrote to its outbox (no SMTP_URL): the journeys follow its links as a
// recipient would follow the mail.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

interface OutboxRecord {
  to: string;
  kind: string;
  link: string | null;
}

/** The path and query of the link in the newest mail to `email` (of `kind`, when given), once it matches `shape`. */
export async function newestOutboxLink(email: string, shape: RegExp, kind?: string): Promise<string> {
  const outbox = path.join(process.env.GOOSE_E2E_DATA_DIR!, 'outbox');
  let link: string | null = null;
  await expect
    .poll(async () => {
      const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
      for (const name of names) {
        const record = JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as OutboxRecord;
        if (record.to === email && (kind === undefined || record.kind === kind)) link = record.link;
      }
      return link;
    })
    .toMatch(shape);
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}
