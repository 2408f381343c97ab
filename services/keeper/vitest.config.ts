import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // the workspace packages' TypeScript sources (their `@grove/source` export), not their dist/
  ssr: { resolve: { conditions: ['@grove/source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
})
