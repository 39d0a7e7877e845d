// A parent process for the dev-server lifecycle test: starts the dev server over the database in
// argv[2], prints its pid and address as one JSON line, then waits to be killed.
import { startTemporalDevServer } from './dev-server';

const dbFile = process.argv[2]!;
startTemporalDevServer({ dbFile, ui: false }).then(
  (server) => {
    process.stdout.write(`${JSON.stringify({ pid: server.pid, address: server.address })}\n`);
    setInterval(() => undefined, 60_000);
  },
  (error: unknown) => {
    process.stdout.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
    process.exit(1);
  },
);
