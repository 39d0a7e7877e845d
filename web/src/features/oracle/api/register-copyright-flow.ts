// "Register Copyright" in the workflow view: runs the copyright check and, when
// it clears the track, registers it on the XRPL. A check that already cleared is not run again.
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { COPYRIGHT_CHECKS_KEY, VAULT_KEY } from '../../../lib/query-keys';
import { registerCopyright, type RegistrationResponse } from '../../../lib/track/api/register-copyright';
import { runCopyrightCheck, type CopyrightCheckResponse } from '../../../lib/track/api/run-copyright-check';
import { isCopyrightCleared } from '../../../lib/track/workflow-steps';

export type RegisterFlowOutcome =
  | { kind: 'conflict'; check: CopyrightCheckResponse }
  | { kind: 'registered'; check: CopyrightCheckResponse | null; registration: RegistrationResponse };

/** Thrown when the check passed but the registration call failed, so the message can say both. */
export class RegistrationAfterCheckError extends Error {
  constructor(
    readonly check: CopyrightCheckResponse | null,
    readonly registrationError: unknown,
  ) {
    super('The registration failed after the copyright check');
    this.name = 'RegistrationAfterCheckError';
  }
}

export async function registerCopyrightFlow(item: VaultItem): Promise<RegisterFlowOutcome> {
  const check = isCopyrightCleared(item) ? null : await runCopyrightCheck(item.id);
  if (check && !check.success) return { kind: 'conflict', check };
  try {
    return { kind: 'registered', check, registration: await registerCopyright(item.id) };
  } catch (error) {
    throw new RegistrationAfterCheckError(check, error);
  }
}

export function useRegisterCopyrightFlow() {
  return useOneShotMutation(registerCopyrightFlow, [VAULT_KEY, COPYRIGHT_CHECKS_KEY]);
}
