// The four industry identifiers an owner may give a registered work, normalized (no hyphens, dots
// or spaces, upper case) and validated by format and, where the standard defines one, check digit:
// - ISRC (ISO 3901) CC-XXX-YY-NNNNN: country, registrant, year, designation. ISRC has NO check
//   digit, so only its format can be verified.
// - ISWC (ISO 15707) T-DDD.DDD.DDD-C: C = (10 - (1 + Σ i·dᵢ) mod 10) mod 10, i = 1…9. (It misses
//   a digit changed by 5 under an even weight and an even change under weight 5, by design.)
// - UPC: a 12-digit UPC-A, or a 13-digit EAN-13 (the same GTIN check digit, right-aligned). An
//   EAN-13 beginning with 0 is the UPC-A behind it and is stored as those 12 digits, so one product
//   code cannot be registered twice in two spellings.
// - ISNI (ISO 27729) 16 characters, the last an ISO 7064 MOD 11-2 check character (0-9 or X).
import type { IdentifierType } from '../contracts/registry';

export type IdentifierCheck = { ok: true; value: string } | { ok: false; error: string };

const LABELS: Record<IdentifierType, string> = { isrc: 'ISRC', iswc: 'ISWC', upc: 'UPC', isni: 'ISNI' };

export function identifierLabel(type: IdentifierType): string {
  return LABELS[type];
}

/** Normalizes and validates one identifier; the error names the identifier and what is wrong. */
export function checkIdentifier(type: IdentifierType, raw: string): IdentifierCheck {
  const value = raw.replace(/[\s.\-–]/g, '').toUpperCase();
  const fail = (why: string): IdentifierCheck => ({ ok: false, error: `${LABELS[type]} "${raw}" ${why}` });
  if (value === '') return fail('is empty');
  switch (type) {
    case 'isrc':
      if (!/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(value)) {
        return fail('is not in the ISRC format CC-XXX-YY-NNNNN (2 letters, 3 letters or digits, 2-digit year, 5-digit number)');
      }
      return { ok: true, value };
    case 'iswc': {
      if (!/^T\d{10}$/.test(value)) return fail('is not in the ISWC format T-DDD.DDD.DDD-C (T, 9 digits and a check digit)');
      const expected = iswcCheckDigit(value.slice(1, 10));
      if (Number(value[10]) !== expected) return fail(`has a wrong check digit: expected ${expected}, got ${value[10]}`);
      return { ok: true, value };
    }
    case 'upc': {
      if (!/^(\d{12}|\d{13})$/.test(value)) return fail('must be a 12-digit UPC-A or a 13-digit EAN-13');
      const expected = gtinCheckDigit(value.slice(0, -1));
      if (Number(value.at(-1)) !== expected) return fail(`has a wrong check digit: expected ${expected}, got ${value.at(-1)}`);
      return { ok: true, value: value.length === 13 && value.startsWith('0') ? value.slice(1) : value };
    }
    case 'isni': {
      if (!/^\d{15}[\dX]$/.test(value)) return fail('must be 16 characters: 15 digits and a check character (a digit or X)');
      const expected = mod11_2CheckCharacter(value.slice(0, 15));
      if (value[15] !== expected) return fail(`has a wrong check character: expected ${expected}, got ${value[15]}`);
      return { ok: true, value };
    }
    default: {
      const unknown: never = type;
      throw new Error(`Unknown identifier type ${String(unknown)}`);
    }
  }
}

/** ISWC: 1 plus each of the nine digits times its position (1…9); the check digit tops it up to a multiple of 10. */
export function iswcCheckDigit(nineDigits: string): number {
  const sum = [...nineDigits].reduce((total, digit, index) => total + (index + 1) * Number(digit), 1);
  return (10 - (sum % 10)) % 10;
}

/** GTIN (UPC-A, EAN-13): weights 3, 1, 3… from the rightmost data digit; the check digit tops the sum up to a multiple of 10. */
export function gtinCheckDigit(dataDigits: string): number {
  const sum = [...dataDigits].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

/** ISO 7064 MOD 11-2 over 15 digits; 10 is written X. */
export function mod11_2CheckCharacter(fifteenDigits: string): string {
  const total = [...fifteenDigits].reduce((p, digit) => ((p + Number(digit)) * 2) % 11, 0);
  const check = (12 - (total % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}
