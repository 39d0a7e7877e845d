// Which part of GOOSE a process runs. `all` (the default, `npm start`) is the whole platform in one
// process on the embedded defaults; `api`, `worker` and `projector` each run one part against shared
// servers, so any number of API and worker processes (and projector candidates) can run at once.
// GOOSE_ROLE or `--role <role>` chooses; the split roles refuse to start without the shared servers.

export const ROLES = ['all', 'api', 'worker', 'projector'] as const;
export type Role = (typeof ROLES)[number];

/** The role from `--role <r>` / `--role=<r>` on the command line, else GOOSE_ROLE, else `all`; throws on anything else. */
export function parseRole(argv: readonly string[], env: NodeJS.ProcessEnv): Role {
  let given: string | undefined;
  let from = 'GOOSE_ROLE';
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--role') {
      given = argv[index + 1];
      if (given === undefined || given.startsWith('--')) throw new Error(`--role needs a value: one of ${ROLES.join(', ')}`);
      from = '--role';
    } else if (arg.startsWith('--role=')) {
      given = arg.slice('--role='.length);
      from = '--role';
    }
  }
  given ??= env.GOOSE_ROLE || 'all';
  const role = given.trim().toLowerCase();
  if (!(ROLES as readonly string[]).includes(role)) throw new Error(`${from}=${given} is not a role: use one of ${ROLES.join(', ')}`);
  return role as Role;
}

/**
 * What a split role lacks to run beside other processes, as one message (null when nothing): a
 * Postgres server every process shares (the embedded PGlite belongs to one process) and a Temporal
 * server (a split role starts no dev server of its own).
 */
export function missingForRole(role: Role, config: { databaseUrl: string | null; temporalAddress: string | null }): string | null {
  if (role === 'all') return null;
  const missing = [config.databaseUrl ? null : 'DATABASE_URL', config.temporalAddress ? null : 'TEMPORAL_ADDRESS'].filter((name) => name !== null);
  if (missing.length === 0) return null;
  return `GOOSE_ROLE=${role} runs beside other processes and needs the servers they share: set ${missing.join(' and ')} (the embedded database and Temporal dev server serve only GOOSE_ROLE=all)`;
}
