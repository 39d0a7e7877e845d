// Settings the benchmarks read from the environment.

/** A positive integer from `name`, or `fallback` when unset; anything else stops the benchmark. */
export function intFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got ${value}`);
  return parsed;
}
