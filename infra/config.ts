// Process configuration from the environment. Unset = the embedded default.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  temporalAddress: string | null;
  temporalNamespace: string;
  eventStoreUrl: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    temporalAddress: env.TEMPORAL_ADDRESS || null,
    temporalNamespace: env.TEMPORAL_NAMESPACE ?? 'default',
    eventStoreUrl: env.EVENTSTORE_URL || null,
  };
}
