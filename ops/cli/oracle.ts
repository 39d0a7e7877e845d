// `npm run oracle -- <input> [--owner <name>] [--register [--work-id <id>] [--title <title>]]`: analyses a file
// against the copyright registry and prints the copyright analysis result as JSON on stdout.
// What is checked depends on what the file really is (by its bytes): audio, the audio track of a
// video, an image or a text; for a PDF or Word document the result says no check is available.
// With --register a cleared file is added to the registry under --owner, named by --title (default
// the file's name) (content that fails the
// clearance is never registered: exit code 3). Progress goes to stderr, one line per stage.
//
// The registry is the configured database: DATABASE_URL, else the embedded PGlite under DATA_DIR.
// With ACOUSTID_API_KEY set, AcoustID is asked too (docs/copyright-oracle.md, "AcoustID").
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fail, parseCommandLine } from './command-line';
import { acoustidMigrations, openAcoustidCatalogue } from '../../infra/acoustid/catalogue';
import { loadConfig } from '../../infra/config';
import { migrate } from '../../infra/db/migrate';
import { openDb } from '../../infra/platform';
import { analyzeContent, contentOracleMigrations } from '../../infra/similarity/content-oracle';
import { sniffContent } from '../../infra/storage/content-sniffer';

const USAGE = 'usage: npm run oracle -- <input> [--owner <name>] [--register [--work-id <id>] [--title <title>]] [--quiet]';

async function main(): Promise<void> {
  const { input, values } = parseCommandLine(
    {
      owner: { type: 'string' },
      register: { type: 'boolean', default: false },
      'work-id': { type: 'string' },
      title: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
    USAGE,
  );
  if (values.register && !values.owner) fail(`--register needs --owner\n${USAGE}`, 2);
  if ((values['work-id'] || values.title) && !values.register) fail(`--work-id and --title only go with --register\n${USAGE}`, 2);

  const content = await sniffContent(input).catch((error: unknown) => fail(`cannot read ${input}: ${(error as Error).message}`, 2));
  if (!content) fail(`${input} is none of the accepted types (audio, video, image, text, PDF, Word)`, 2);

  const config = loadConfig();
  const db = await openDb(config);
  try {
    await migrate(db, [...contentOracleMigrations, ...acoustidMigrations]);
    const started = performance.now();
    const result = await analyzeContent(input, {
      db,
      extension: content.extension,
      ownerId: values.owner,
      // ACOUSTID_API_KEY set: AcoustID is asked too, as in the platform's own checks.
      externalCatalogue: openAcoustidCatalogue(config.acoustid, db),
      registerAs: values.register ? { workId: values['work-id'] ?? randomUUID(), title: values.title ?? path.basename(input), ownerName: values.owner! } : undefined,
      onProgress: (p) => {
        if (!values.quiet) process.stderr.write(`${p.state === 'started' ? 'start' : 'done '} ${p.step}/${p.of} ${p.stage}\n`);
      },
    });
    const seconds = Math.round((performance.now() - started) / 10) / 100;
    process.stdout.write(`${JSON.stringify({ ...result, seconds }, null, 2)}\n`);
    if (values.register && result.registeredWorkId === null) {
      process.exitCode = 3;
      process.stderr.write(`not registered: ${result.reason ?? result.status}\n`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  fail(`oracle failed: ${error instanceof Error ? error.message : String(error)}`, 1);
});
