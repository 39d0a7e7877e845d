// Creating a key step by step: an empty or blank name stays on the form with "Please enter a key
// name"; a real one goes on to the terms; Accept produces the request with the trimmed name, the
// chosen tier and termsAccepted true, exactly what the contract takes.
import { describe, expect, it } from 'vitest';
import { createApiKeyRequestSchema } from '../../../../domain/contracts/developer';
import { acceptedRequest, continueToTerms, EMPTY_DRAFT } from './create-flow';

describe('create flow', () => {
  it('keeps an empty or blank name on the form with the contract’s message', () => {
    expect(continueToTerms(EMPTY_DRAFT)).toEqual({ step: 'form', error: 'Please enter a key name' });
    expect(continueToTerms({ keyName: '   ', tier: 'pro' })).toEqual({ step: 'form', error: 'Please enter a key name' });
  });

  it('goes on to the terms with a name, and Accept asks for the key with the terms accepted', () => {
    const draft = { keyName: '  Catalogue sync ', tier: 'enterprise' as const };
    expect(continueToTerms(draft)).toEqual({ step: 'terms' });
    const request = acceptedRequest(draft);
    expect(request).toEqual({ keyName: 'Catalogue sync', tier: 'enterprise', termsAccepted: true });
    expect(createApiKeyRequestSchema.safeParse(request).success).toBe(true);
  });
});
