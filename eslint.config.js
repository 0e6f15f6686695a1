import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The web app's walls (STYLE.md's layout): lib and session are the base, components build on them,
// features (one folder each) and the admin build on both, and none of them reaches sideways. Imports
// that leave their own folder go through '@/web/…', so these patterns see every one of them.
const upward = {
  group: ['../*'],
  message: "Import from another folder as '@/web/…', so the boundaries below can see it.",
};
const anyFeature = { group: ['@/web/features/*'], message: 'Only the router imports features.' };
const admin = { group: ['@/web/admin/*'], message: 'Only the router reaches the admin area, lazily.' };
const components = {
  group: ['@/web/components/*'],
  message: 'lib and session sit below the shared components.',
};
const restrict = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [upward, ...patterns] }] },
});
const webFeatures = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/server/db/migrations', 'bench/out', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  restrict(['src/web/**/*.{ts,tsx}']),
  restrict(['src/web/{lib,session}/**/*.{ts,tsx}'], anyFeature, components, admin),
  restrict(['src/web/components/**/*.{ts,tsx}'], anyFeature, admin),
  restrict(['src/web/admin/**/*.{ts,tsx}'], anyFeature),
  ...webFeatures.map((feature) =>
    restrict([`src/web/features/${feature}/**/*.{ts,tsx}`], admin, {
      group: ['@/web/features/*', `!@/web/features/${feature}`],
      message: `A feature never imports another: move what both need to src/web/lib or src/web/components.`,
    }),
  ),
);
