// Identifier validation against published examples, and every one-digit change of them refused
// where the standard has a check digit (ISRC has none: only its format is checked).
import { describe, expect, it } from 'vitest';
import { checkIdentifier } from './identifiers';

/** Every string that differs from `value` in exactly one digit. */
function oneDigitMutations(value: string): string[] {
  const mutations: string[] = [];
  [...value].forEach((char, index) => {
    if (!/\d/.test(char)) return;
    for (let d = 0; d <= 9; d++) if (String(d) !== char) mutations.push(value.slice(0, index) + d + value.slice(index + 1));
  });
  return mutations;
}

describe('ISRC', () => {
  it('accepts published ISRCs with or without hyphens, normalized to 12 upper-case characters', () => {
    expect(checkIdentifier('isrc', 'US-RC1-76-07839')).toEqual({ ok: true, value: 'USRC17607839' });
    expect(checkIdentifier('isrc', 'gbaye0601498')).toEqual({ ok: true, value: 'GBAYE0601498' });
  });

  it('refuses a wrong format and says which part', () => {
    for (const bad of ['US-RC1-76-0783', '1SRC17607839', 'USRC1760783X', 'USRC176078391']) {
      const result = checkIdentifier('isrc', bad);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error).toMatch(/^ISRC ".*" is not in the ISRC format CC-XXX-YY-NNNNN/);
    }
  });
});

describe('ISWC', () => {
  it('accepts the published T-034.524.680-1', () => {
    expect(checkIdentifier('iswc', 'T-034.524.680-1')).toEqual({ ok: true, value: 'T0345246801' });
  });

  it('refuses every one-digit change its check digit can see, naming the expected check digit', () => {
    const original = 'T0345246801';
    for (const mutated of oneDigitMutations(original)) {
      const index = [...mutated].findIndex((char, i) => char !== original[i]);
      const delta = Number(mutated[index]) - Number(original[index]);
      // Weights 1…9: a change by 5 under an even weight, or an even change under weight 5, keeps the
      // sum's last digit (the standard's own blind spot), e.g. T-084.524.680-1.
      const invisible = index <= 9 && (index * delta) % 10 === 0;
      expect(checkIdentifier('iswc', mutated).ok, mutated).toBe(invisible);
    }
    expect(checkIdentifier('iswc', 'T-034.524.680-2')).toEqual({ ok: false, error: 'ISWC "T-034.524.680-2" has a wrong check digit: expected 1, got 2' });
  });

  it('refuses a wrong format', () => {
    expect(checkIdentifier('iswc', '0345246801').ok).toBe(false);
  });
});

describe('UPC', () => {
  it('accepts a published UPC-A and EAN-13; an EAN-13 with a leading 0 is stored as its UPC-A', () => {
    expect(checkIdentifier('upc', '0 36000 29145 2')).toEqual({ ok: true, value: '036000291452' });
    expect(checkIdentifier('upc', '4006381333931')).toEqual({ ok: true, value: '4006381333931' });
    expect(checkIdentifier('upc', '0036000291452')).toEqual({ ok: true, value: '036000291452' });
  });

  it('refuses every one-digit change', () => {
    for (const mutated of [...oneDigitMutations('036000291452'), ...oneDigitMutations('4006381333931')]) {
      expect(checkIdentifier('upc', mutated).ok, mutated).toBe(false);
    }
  });

  it('refuses other lengths', () => {
    expect(checkIdentifier('upc', '03600029145')).toEqual({ ok: false, error: 'UPC "03600029145" must be a 12-digit UPC-A or a 13-digit EAN-13' });
  });
});

describe('ISNI', () => {
  // ISNI and ORCID share the ISO 7064 MOD 11-2 check character; these are ORCID's published examples.
  it('accepts published identifiers, including an X check character', () => {
    expect(checkIdentifier('isni', '0000 0002 1825 0097')).toEqual({ ok: true, value: '0000000218250097' });
    expect(checkIdentifier('isni', '0000-0001-5109-3700')).toEqual({ ok: true, value: '0000000151093700' });
    expect(checkIdentifier('isni', '0000-0002-1694-233x')).toEqual({ ok: true, value: '000000021694233X' });
  });

  it('refuses every one-digit change', () => {
    for (const mutated of [...oneDigitMutations('0000000218250097'), ...oneDigitMutations('000000021694233X')]) {
      expect(checkIdentifier('isni', mutated).ok, mutated).toBe(false);
    }
  });

  it('refuses a wrong length', () => {
    expect(checkIdentifier('isni', '000000021825009').ok).toBe(false);
  });
});
