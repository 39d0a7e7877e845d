// The project's one logger: structured JSON (pino). Secrets are redacted by path.
import { pino } from 'pino';

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' || process.env.VITEST ? 'warn' : 'info'),
  redact: {
    paths: ['password', '*.password', 'passwordHash', '*.passwordHash', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    censor: '[redacted]',
  },
});

export type Logger = typeof logger;
