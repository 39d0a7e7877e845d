// What the public verification page concludes (pure, tested): 'Certificate verified' only when
// the server says `verified`; otherwise exactly which checks failed or were not run, and why.
// Plus the browser-side comparison of a local file's SHA-256 with the certificate's.
import type { VerificationResponse } from '../../../../domain/contracts/lifecycle';

export type CheckName = keyof VerificationResponse['checks'];
export type CheckStatus = VerificationResponse['checks'][CheckName]['status'];

export const CHECK_LABELS: Record<CheckName, string> = {
  signature: 'Signature',
  fileHash: 'File hash',
  ledger: 'Ledger transaction',
};

export const CHECK_STATUS_TEXT: Record<CheckStatus, string> = {
  passed: 'Passed',
  failed: 'Failed',
  not_checked: 'Not checked',
};

/** The checks in the order the page lists them. */
export const CHECK_ORDER: readonly CheckName[] = ['signature', 'fileHash', 'ledger'];

export interface Verdict {
  verified: boolean;
  headline: string;
  /** One sentence per check that failed or was not run. */
  findings: string[];
}

export function verdict({ verified, checks }: Pick<VerificationResponse, 'verified' | 'checks'>): Verdict {
  const findings = CHECK_ORDER.flatMap((name) => {
    const check = checks[name];
    const detail = check.detail ? `: ${check.detail}` : '';
    if (check.status === 'failed') return [`${CHECK_LABELS[name]} check failed${detail}`];
    if (check.status === 'not_checked') return [`${CHECK_LABELS[name]} was not checked${detail}`];
    return [];
  });
  if (verified) return { verified, headline: 'Certificate verified', findings };
  if (findings.length === 0) findings.push('The server did not confirm this certificate, although no single check reported a failure.');
  const failed = CHECK_ORDER.some((name) => checks[name].status === 'failed');
  return { verified, headline: failed ? 'Certificate not verified' : 'Certificate not fully verified', findings };
}

export function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the bytes, in lower-case hex, computed by the browser (needs a secure context). */
export async function sha256Hex(data: BufferSource): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', data));
}

export function sameHash(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
