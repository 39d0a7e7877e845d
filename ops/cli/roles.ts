// `npm run ops -- grant-role <username> <role>` and `revoke-role <username> <role>`: how the first
// reviewers, auditors and operators are made. The grant is an event on the user's stream naming
// `ops-cli:<os user>` as the grantor, decided by the user decider like any other.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { DomainError } from '../../domain/shared/errors';
import type { EventStore } from '../../infra/eventstore/event-store';
import { changeRoleOfUsername, type RoleChange } from '../../infra/identity/role-grants';
import { fail } from './command-line';

export const ROLES_USAGE = `usage: npm run ops -- grant-role <username> <role> [--api <app url>]
       npm run ops -- revoke-role <username> <role> [--api <app url>]
  role: reviewer, auditor, operator, support or rights_holder (creator is everyone's); recorded as granted by ops-cli:<your os user>
  --api: through the running app's operator API (needed while npm start holds the embedded database),
         with OPS_TOKEN or the token npm start made under DATA_DIR`;

/** Who the command line records as the grantor: `ops-cli:<os user>`. */
export function cliGrantor(): string {
  let user: string;
  try {
    user = os.userInfo().username;
  } catch {
    user = process.env.USER ?? 'unknown';
  }
  return `ops-cli:${user}`;
}

export function formatRoleChange(action: 'grant' | 'revoke', role: string, change: RoleChange): string {
  const what = action === 'grant' ? (change.changed ? `granted ${role} to` : `${role} was already held by`) : `revoked ${role} from`;
  return `${what} ${change.username} (${change.userId}); roles now: ${change.roles.join(', ')}`;
}

/** Parses `<username> <role>`; a bad command line exits 2 with the usage. */
export function parseRoleArgs(args: string[]): { username: string; role: string } {
  let positionals: string[];
  let help = false;
  try {
    const parsed = parseArgs({ args, allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
    positionals = parsed.positionals;
    help = parsed.values.help === true;
  } catch (error) {
    return fail(`${(error as Error).message}\n${ROLES_USAGE}`, 2);
  }
  if (help) return fail(ROLES_USAGE, 0);
  const [username, role] = positionals;
  if (!username || !role || positionals.length > 2) return fail(ROLES_USAGE, 2);
  return { username, role };
}

/** Runs the command against an open store; a refusal (unknown user, role not held, unknown role) exits 2. */
export async function roleCommand(eventStore: EventStore, action: 'grant' | 'revoke', args: string[]): Promise<void> {
  const { username, role } = parseRoleArgs(args);
  try {
    const change = await changeRoleOfUsername(eventStore, action, username, role, cliGrantor());
    process.stdout.write(`${formatRoleChange(action, role, change)}\n`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    process.stderr.write(`refused: ${error.message}\n`);
    process.exitCode = 2;
  }
}

/** The same change through a running app's operator API (POST /api/ops/roles), with the operator token. */
export async function roleChangeThroughApi(
  apiUrl: string,
  token: string,
  change: { username: string; role: string; action: 'grant' | 'revoke'; operator: string },
): Promise<Omit<RoleChange, 'result'> | { error: string; status: number }> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/api/ops/roles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token, 'x-operator-name': change.operator },
    body: JSON.stringify({ username: change.username, role: change.role, action: change.action }),
  });
  const body = (await response.json().catch(() => ({}))) as { error?: string } & Omit<RoleChange, 'result'>;
  if (!response.ok) return { error: body.error ?? response.statusText, status: response.status };
  return { userId: body.userId, username: body.username, changed: body.changed, roles: body.roles };
}
