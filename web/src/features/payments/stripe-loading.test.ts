// Stripe.js must not be requested on pages that take no card payment. The main entry of
// `@stripe/stripe-js` injects the js.stripe.com script as soon as it is imported, so no module the
// app loads up front may import it: only `@stripe/stripe-js/pure`, whose loadStripe fetches the
// script when a payment form calls it. Walks the static imports from the web app's entry.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WEB_SRC = path.resolve(import.meta.dirname, '../..');
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every package each module of the app's static import graph (from `entry`) imports, by module. */
function staticPackageImports(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const pending = [entry];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    for (const statement of source.statements) {
      // A dynamic import() is a later chunk; type-only imports are erased.
      const specifier =
        (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) || (ts.isExportDeclaration(statement) && !statement.isTypeOnly)
          ? statement.moduleSpecifier
          : undefined;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const name = specifier.text;
      if (name.startsWith('.')) {
        const resolved = resolveLocal(file, name);
        if (resolved && /\.tsx?$/.test(resolved)) pending.push(resolved);
      } else {
        found.set(name, [...(found.get(name) ?? []), path.relative(WEB_SRC, file)]);
      }
    }
  }
  return found;
}

describe('Stripe.js loading', () => {
  const imports = staticPackageImports(path.join(WEB_SRC, 'main.tsx'));

  it('walks the whole app shell (the checkout page and the pricing dialog are in it)', () => {
    expect(imports.get('@stripe/react-stripe-js')).toEqual(['features/payments/components/payment-checkout.tsx']);
    expect(imports.get('react-router-dom')?.length).toBeGreaterThan(10);
  });

  it('no module the app loads imports the self-loading entry of @stripe/stripe-js; the checkout uses the pure one', () => {
    expect(imports.get('@stripe/stripe-js')).toBeUndefined();
    expect(imports.get('@stripe/stripe-js/pure')).toEqual(['features/payments/components/payment-checkout.tsx']);
  });
});
