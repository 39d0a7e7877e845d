// A content item has one royalty contract, so the contract's id is derived from the content's: two
// concurrent creations meet on the same stream, and earnings find their contract without a lookup.
import { createHash } from 'node:crypto';

export function contractIdFor(contentId: string): string {
  const hex = createHash('sha256').update(`royalty-contract:${contentId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
