// Which failures count as "not enough tokens".
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../api-client';
import { isInsufficientTokens } from './insufficient-tokens';

describe('insufficient tokens', () => {
  it('is a 402 answer, whose error text is what the toast shows', () => {
    const refusal = new ApiError(402, '{"error":"Insufficient tokens: this step costs 25.00, your balance is 12.00"}', 'Payment Required');
    expect(isInsufficientTokens(refusal)).toBe(true);
    expect(errorMessage(refusal, '')).toBe('Insufficient tokens: this step costs 25.00, your balance is 12.00');
    expect(isInsufficientTokens(new ApiError(409, '{"error":"busy"}', 'Conflict'))).toBe(false);
    expect(isInsufficientTokens(new Error('402: Insufficient tokens'))).toBe(false);
  });
});
