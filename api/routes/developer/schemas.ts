// The allowlist body of PATCH /api/developer/keys/:id, checked as the guard will read it: the
// shared contract's pattern lets through strings like 999.1.1.1 or 10.0.0.0/40, which no address
// matches, so each entry must also be a real IPv4/IPv6 address with a prefix its family allows.
import { isIP } from 'node:net';
import { updateApiKeyRequestSchema } from '../../../domain/contracts/developer';

/** Why `entry` is not an address or range a request can come from; null when it is one. */
export function allowlistEntryProblem(entry: string): string | null {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `${entry} is not an IP address or a CIDR range (e.g. 203.0.113.7 or 198.51.100.0/24)`;
  if (prefix === undefined) return null;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return `${entry}: an IPv${family} range ends in /0 to /${bits}`;
  return null;
}

export const allowlistRequestSchema = updateApiKeyRequestSchema.superRefine((body, context) => {
  body.ipAllowlist.forEach((entry, index) => {
    const problem = allowlistEntryProblem(entry);
    if (problem) context.addIssue({ code: 'custom', path: ['ipAllowlist', index], message: problem });
  });
});
