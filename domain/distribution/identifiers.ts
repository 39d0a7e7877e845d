// The identifiers a release carries in its package: a UPC (GTIN-12, with its check digit) for the
// release and an ISRC for its sound recording. Both are allocated from one sequence per year by the
// release-identifiers aggregate, so no two releases share them.

/**
 * ISRC = country code (2) + registrant code (3) + year (2) + designation (5). `QZ` + `GSE` is this
 * platform's placeholder prefix: it is not a code assigned by an ISRC agency, so these ISRCs are
 * valid in form only until an operator sets the registrant code the agency issued (ISRC_PREFIX,
 * docs/distribution.md).
 */
export const ISRC_PREFIX = 'QZGSE';
/** The first four digits of every UPC (a placeholder GS1 prefix, as the ISRC prefix is; UPC_PREFIX). */
export const UPC_PREFIX = '0860';

/** The prefixes a release's identifiers are built from: the placeholders unless an operator configured real ones. */
export interface IdentifierPrefixes {
  isrc: string;
  upc: string;
}

export const PLACEHOLDER_PREFIXES: IdentifierPrefixes = { isrc: ISRC_PREFIX, upc: UPC_PREFIX };

export const ISRC_PREFIX_FORM = /^[A-Z]{2}[A-Z0-9]{3}$/;
export const UPC_PREFIX_FORM = /^\d{4}$/;

/** Which of the identifiers still carry a placeholder prefix (none once both are configured). */
export function placeholderIdentifiers(identifiers: { isrc: string; upc: string }): ('ISRC_PREFIX' | 'UPC_PREFIX')[] {
  const placeholders: ('ISRC_PREFIX' | 'UPC_PREFIX')[] = [];
  if (identifiers.isrc.startsWith(ISRC_PREFIX)) placeholders.push('ISRC_PREFIX');
  if (identifiers.upc.startsWith(UPC_PREFIX)) placeholders.push('UPC_PREFIX');
  return placeholders;
}
/** Designations per year the ISRC's five digits allow, and the UPC's item reference with it. */
export const MAX_RELEASES_PER_YEAR = 99_999;

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/;

/** The GTIN check digit (mod 10, weights 3 and 1 from the right) of the digits before it. */
export function gtinCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A GTIN-12 (UPC-A) or GTIN-13 (EAN) with a correct check digit: DDEX's ICPN. */
export function isValidUpc(upc: string): boolean {
  if (!/^\d{12,13}$/.test(upc)) return false;
  return gtinCheckDigit(upc.slice(0, -1)) === Number(upc.at(-1));
}

export function isValidIsrc(isrc: string): boolean {
  return ISRC.test(isrc);
}

/** The UPC and ISRC for the `sequence`th release of `year` (1-based). */
export function releaseIdentifiers(year: number, sequence: number, prefixes: IdentifierPrefixes = PLACEHOLDER_PREFIXES): { upc: string; isrc: string } {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_RELEASES_PER_YEAR) throw new RangeError(`Release sequence ${sequence} is outside 1..${MAX_RELEASES_PER_YEAR}`);
  const yy = String(year % 100).padStart(2, '0');
  const designation = String(sequence).padStart(5, '0');
  // UPC-A: prefix (4) + year (2) + designation (5) + check digit = 12 digits, unique as the ISRC is.
  const body = `${prefixes.upc}${yy}${designation}`;
  return { upc: `${body}${gtinCheckDigit(body)}`, isrc: `${prefixes.isrc}${yy}${designation}` };
}
