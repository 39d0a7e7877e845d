// The port a statement import matches its lines through: which release has an ISRC, a UPC or a
// release id. Implemented over the `distributions` read model (infra/distribution/release-lookup.ts).
import type { StatementRelease } from './sales-statement.events';

export type ReleaseMatch = StatementRelease;

export interface ReleaseLookup {
  /**
   * The releases that the given identifiers name (ISRCs upper case without hyphens, UPCs, release
   * ids), keyed by the identifier as asked. An identifier no release has is absent from the map.
   */
  find(identifiers: readonly string[]): Promise<Map<string, ReleaseMatch>>;
}
