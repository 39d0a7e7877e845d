// The project's one logger: structured JSON (pino). Secrets are redacted by path.
// LOG_STREAM=stderr sends the log to stderr: the command-line tools print their results as JSON on
// stdout, which a log line in between would break. Under tests only errors are logged: tests
// provoke failures on purpose (a rejected ledger step, unreadable media), and their warnings would
// bury a real failure's output.
import { pino } from 'pino';

export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' || process.env.VITEST ? 'error' : 'info'),
    redact: {
      paths: ['password', '*.password', 'passwordHash', '*.passwordHash', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  },
  pino.destination(process.env.LOG_STREAM === 'stderr' ? 2 : 1),
);

export type Logger = typeof logger;
