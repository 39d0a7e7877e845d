// What to tell the creator after a copyright check, a registration or a contract creation:
// a pass, a hold for review, the conflict toast with the oracle's reason, the ledger outcome
// in plain words, or why a contract was not created (an unfunded XRPL account says how much).
import { parseWalletNotFunded } from '../../../../domain/royalties/terms';
import type { ToastOptions } from '../../components/ui/toast';
import { errorMessage } from '../api-client';
import type { CreateContractResponse } from './api/create-contract';
import type { CopyrightCheckResponse } from './api/run-copyright-check';
import type { RegistrationResponse } from './api/register-copyright';
import { LEDGER_STATUS_TEXT } from './ledger-status';
import { noMatchText } from './no-match';

export function checkOutcomeToast(response: CopyrightCheckResponse): ToastOptions {
  if (!response.success && response.check.verdict === 'needs_review') {
    const found = response.check.passages.length;
    return {
      severity: 'warn',
      summary: 'Held for Review',
      detail: `${(response.check.reason ?? 'Part of the track looks copied from a registered work').replace(/\.$/, '')}. ${found > 0 ? `See the ${found === 1 ? 'passage' : `${found} passages`} it found; ` : ''}you can request a review or run the check again.`,
    };
  }
  if (!response.success) {
    return {
      severity: 'error',
      summary: 'Copyright Conflict Detected',
      detail: `Analysis failed: ${response.reason ?? response.check.reason ?? 'the oracle did not clear the track'}`,
    };
  }
  const score = response.check.clearanceScore;
  return {
    severity: 'success',
    summary: 'Copyright Analysis Complete',
    detail: [score !== null ? `Clearance score ${score}%.` : '', noMatchText(response.check), 'It may be registered.'].filter(Boolean).join(' '),
  };
}

export function registrationToast(response: RegistrationResponse, prefix = ''): ToastOptions {
  const status = LEDGER_STATUS_TEXT[response.ledgerStatus];
  const detail = [prefix, `${status}.`, response.note ?? ''].filter(Boolean).join(' ');
  if (!response.success) return { severity: 'error', summary: 'Registration failed', detail };
  return {
    severity: response.ledgerStatus === 'awaiting_submission' ? 'info' : 'success',
    summary: response.ledgerStatus === 'awaiting_submission' ? 'Registration Signed' : 'Registered on XRPL',
    detail,
  };
}

export function contractCreatedToast(response: CreateContractResponse): ToastOptions {
  return { severity: 'success', summary: 'Smart Contract Created', detail: response.message };
}

export type ContractFailure = { kind: 'wallet_not_funded'; xrpAmount: string; usdAmount: string } | { kind: 'error'; toast: ToastOptions };

/** A WALLET_NOT_FUNDED:{xrp}:{usd} refusal gives the funding amounts; anything else 'Contract Creation Failed' with the server's error. */
export function contractFailure(error: unknown): ContractFailure {
  const detail = errorMessage(error, 'The smart contract could not be created');
  const funding = parseWalletNotFunded(detail);
  if (funding) return { kind: 'wallet_not_funded', ...funding };
  return { kind: 'error', toast: { severity: 'error', summary: 'Contract Creation Failed', detail } };
}
