import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/postgres-server.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
