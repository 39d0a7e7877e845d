import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

// The web's features, each its own lint zone: one may not import another (bulletproof-react's rule).
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'data', 'tmp', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['../../infra/*', '../../api/*', '../../workflows/*', '../../projections/*', '../../web/*', 'pg', 'fastify', '@temporalio/*'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web may import domain/ schemas and types, never server code.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./){3,}(api|infra|workflows|projections)(/|$)' }] }],
    },
  },
  {
    // Dependencies point one way: shared (components, lib, hooks) → features → app. What two features
    // share moves down to components/ or lib/; a page that puts features together lives in app/.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.css'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move what both need to components/ or lib/, or put them together in app/.',
            })),
            { target: './web/src/features', from: './web/src/app', message: 'Features do not import the app; the app imports features.' },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/hooks'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
);
