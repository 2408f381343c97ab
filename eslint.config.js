// One lint config for the monorepo. Import boundaries keep the web app's feature folders
// independent (app → features → components/lib, never feature → feature).
import fs from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const featuresDir = 'apps/web/src/features'
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((f) => fs.statSync(`${featuresDir}/${f}`).isDirectory())
  : []

const boundary = (extra) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { regex: '(^|/)app(/|$)', message: 'Only src/app composes the application; import from features, components or lib instead.' },
        ...extra,
      ],
    },
  ],
})

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/coverage/**',
      '**/.grove/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '**/*.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Shared layers may not reach up into features or the app.
  {
    files: ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
    rules: boundary([{ regex: '(^|/)features/', message: 'Shared code (components, lib) must not import a feature.' }]),
  },
  // A feature may not import another feature.
  ...features.map((f) => ({
    files: [`${featuresDir}/${f}/**/*.{ts,tsx}`],
    rules: boundary([
      { regex: `(^|/)features/(?!${f}(/|$))`, message: `Feature "${f}" must not import another feature; move shared code to src/lib or src/components.` },
    ]),
  })),
)
