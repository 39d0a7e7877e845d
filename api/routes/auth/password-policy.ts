// What a new password must not be: too short, blank, one character repeated, the
// username or containing it, or one of the most common passwords. Applied wherever a password is set.
import { readFileSync } from 'node:fs';

const MIN_LENGTH = 8;

// The list is a file beside this module so it can be reviewed and updated without touching code.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

/** Why the password is refused, as a message for the user; null when it is acceptable. */
export function passwordProblem(username: string, password: string): string | null {
  if (password.length < MIN_LENGTH) return `Password must be at least ${MIN_LENGTH} characters`;
  if (!password.trim()) return 'Password must not be only spaces';
  if (new Set(password).size === 1) return 'Password must not be one character repeated';
  const lower = password.toLowerCase();
  if (lower.includes(username.trim().toLowerCase())) return 'Password must not contain your username';
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common: choose one that is harder to guess';
  return null;
}
