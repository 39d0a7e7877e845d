// Test support: the packages each module of the web app's static import graph imports, walked from
// an entry (main.tsx), so a test can check that a heavy or self-loading package (Stripe.js,
// chart.js) only ever arrives through a dynamic import(), in a later chunk. Imported by tests alone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const WEB_SRC = path.resolve(import.meta.dirname, '..');
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
export function staticPackageImports(entry: string): Map<string, string[]> {
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
