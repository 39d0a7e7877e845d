// What the command-line tools share: `<input> [options]` parsing that answers a bad command line
// with the usage (exit 2) and --help with the usage (exit 0).
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ allowPositionals: true; options: O }>>['values'];

export function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** Parses exactly one positional input plus `options` (and --help / -h). */
export function parseCommandLine<O extends Options>(options: O, usage: string): { input: string; values: Values<O> } {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { ...options, help: { type: 'boolean', short: 'h', default: false } } });
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`, 2);
  }
  if ((parsed.values as Record<string, unknown>).help === true) fail(usage, 0);
  const input = parsed.positionals[0];
  if (!input || parsed.positionals.length > 1) fail(usage, 2);
  return { input, values: parsed.values as Values<O> };
}
