import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // the workspace packages' TypeScript sources (their `@grove/source` export), not their dist/
  ssr: { resolve: { conditions: ['@grove/source', ...defaultServerConditions] } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/postgres-server.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
