// `npm run bench:oracle-accuracy`: the copyright oracle's accuracy on the real-music corpus
// (`npm run corpus` first). Half the pieces are registered by one creator; another creator checks
// altered copies of every registered piece (tests/corpus/oracle-trial.ts lists the variants) and
// every unregistered piece. Targets: at least 98 % of copies flagged as conflicts, at most 1 % of
// unrelated pieces flagged or held. The registry is an in-memory PGlite. ORACLE_BENCH_PIECES=N runs
// on N pieces spread over the sources instead of all. The last line of stdout is one JSON object.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { oracleMigrations } from '../../infra/audio/oracle';
import { pgliteDb } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { logger } from '../../infra/logger/logger';
import { corpusSample, loadCorpus } from '../corpus/corpus';
import { runOracleTrial, splitCorpus } from '../corpus/oracle-trial';
import { intFromEnv } from './bench-env';

const corpus = await loadCorpus();
if (!corpus) {
  process.stderr.write('bench:oracle-accuracy: the corpus is not assembled; run `npm run corpus` first\n');
  process.exit(1);
}
const pieces = corpusSample(corpus, intFromEnv('ORACLE_BENCH_PIECES', corpus.length));
const { registered, unregistered } = splitCorpus(pieces);
const db = await pgliteDb();
await migrate(db, oracleMigrations);
const workDir = await mkdtemp(path.join(tmpdir(), 'goose-oracle-accuracy-'));
const started = performance.now();
try {
  const result = await runOracleTrial({ db, registered, unregistered, workDir, onProgress: (line) => logger.info(line) });
  const summary = {
    ...result,
    targets: { copiesFlaggedRate: 0.98, unrelatedFlaggedRate: 0.01 },
    corpusPieces: pieces.length,
    sources: [...new Set(pieces.map((p) => p.source))],
    minutes: Math.round((performance.now() - started) / 6000) / 10,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
} finally {
  await rm(workDir, { recursive: true, force: true });
  await db.close();
}
