// One lint config for the monorepo. Import boundaries keep the web app's feature folders
// independent (app → features → components → lib, never feature → feature or lib → components) and
// the packages in tiers (avm < ledger < localnet < contracts < sdk < analytics, demo < web: no import upward).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

// Paths are the repository's, whichever directory ESLint runs from (the lint test runs it from apps/web).
const root = path.dirname(fileURLToPath(import.meta.url))
const featuresDir = 'apps/web/src/features'
const features = fs.existsSync(path.join(root, featuresDir))
  ? fs.readdirSync(path.join(root, featuresDir)).filter((f) => fs.statSync(path.join(root, featuresDir, f)).isDirectory())
  : []

const web = 'apps/web/src'

// bulletproof-react's zones: imports go one way, app → features → shared (components, lib).
// Each import is resolved to a file first (relative paths and the `@/` alias alike), so
// `../other-feature/x.ts` is caught as surely as `@/features/other-feature/x.ts`.
const zones = [
  // No feature imports another feature.
  ...features.map((f) => ({
    target: `${featuresDir}/${f}`,
    from: featuresDir,
    except: [`./${f}`],
    message: `Feature "${f}" must not import another feature; move shared code to src/lib or src/components.`,
  })),
  // Shared layers may not reach up into features or the app.
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [featuresDir, `${web}/app`],
    message: 'Shared code (components, lib) must not import a feature or the app.',
  },
  // lib is the layer under components: plain modules and hooks, no UI, so it never imports one.
  {
    target: `${web}/lib`,
    from: `${web}/components`,
    message: 'lib must not import components: lib sits under components; move what both need into src/lib.',
  },
  // Only src/app composes the application (main.tsx, the entry point, mounts it).
  {
    target: [featuresDir, `${web}/styles`, `${web}/test-setup.ts`, `${web}/polyfills.ts`, `${web}/env.d.ts`],
    from: `${web}/app`,
    message: 'Only src/app composes the application; import from features, components or lib instead.',
  },
]

// The packages' tiers, lowest first (each package.json's dependencies point only down): a package
// imports packages of lower tiers only, never one of its own tier or above.
const TIERS = [['avm'], ['ledger'], ['localnet'], ['contracts'], ['sdk'], ['analytics', 'demo'], ['web']]
const DIRS = { analytics: 'services/analytics', web: 'apps/web' }
const tierOrder = TIERS.map((t) => t.join(', ')).join(' < ')
const tierZones = TIERS.flatMap((tier, i) =>
  tier.map((name) => {
    const above = TIERS.slice(i).flat().filter((other) => other !== name)
    return {
      files: [`${DIRS[name] ?? `packages/${name}`}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', { patterns: above.map((other) => ({ group: [`@grove/${other}`, `@grove/${other}/*`], message: `@grove/${name} must not import @grove/${other}: packages import lower tiers only (${tierOrder}).` })) }],
      },
    }
  }),
)

// Every package's files (the web app's src has its own resolver, and the same rule, in its block below).
const PACKAGE_FILES = TIERS.flat().map((name) => `${DIRS[name] ?? `packages/${name}`}/**/*.{ts,tsx}`)

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
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'apps/web/tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-relative-packages': 'error',
    },
  },
  ...tierZones,
  // A relative path into another package (`../../sdk/src/x.ts`) would slip past the tiers above, which
  // see `@grove/*` names only: every import of another package goes by its name, where the tiers apply.
  {
    files: PACKAGE_FILES,
    ignores: [`${web}/**`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  // The SDK's venues build on its DEX module (the router's groups are the venues'), never the reverse.
  {
    files: ['packages/sdk/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [{ target: 'packages/sdk/src/dex', from: 'packages/sdk/src/venues', message: 'sdk/src/dex must not import sdk/src/venues: venues/ builds on dex/, one way.' }] }],
    },
  },
  // The ledger is split along go-algorand's seams (issue 29): one concern a file, none over 500 lines.
  {
    files: ['packages/ledger/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
)
