// Token amounts are integers of micro-tokens (1 token = 1,000,000 micros = 1 USD) so sums never drift.
export const MICROS_PER_TOKEN = 1_000_000;

export function tokensToMicros(tokens: number): number {
  return Math.round(tokens * MICROS_PER_TOKEN);
}

export function microsToTokens(micros: number): number {
  return micros / MICROS_PER_TOKEN;
}
