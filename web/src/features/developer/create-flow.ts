// The steps of creating a key: a name entered, then the terms
// dialog, then Accept, then the creation request — which always carries termsAccepted true, since
// only Accept sends it. A name that fails the contract keeps the form open with its message.
import { createApiKeyRequestSchema, type CreateApiKeyRequest } from '../../../../domain/contracts/developer';
import type { ApiTier } from '../../../../domain/developer/api-tiers';
import { keyNameError } from './labels';

export interface KeyDraft {
  keyName: string;
  tier: ApiTier;
}

export const EMPTY_DRAFT: KeyDraft = { keyName: '', tier: 'free' };

export type CreateStep = { step: 'form'; error: string | null } | { step: 'terms' };

/** Continue on the form: on to the terms with a valid name, else back to the form with the name's message. */
export function continueToTerms(draft: KeyDraft): CreateStep {
  const error = keyNameError(draft.keyName);
  return error === null ? { step: 'terms' } : { step: 'form', error };
}

/** Accept in the terms dialog: the request POST /api/developer/keys receives. */
export function acceptedRequest(draft: KeyDraft): CreateApiKeyRequest {
  return createApiKeyRequestSchema.parse({ ...draft, termsAccepted: true });
}
