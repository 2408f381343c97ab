// Unit tests: the app's in jsdom with the same `@/` alias as the app; the production web
// server's in Node (no DOM, no Testing Library setup).
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  define: { global: 'globalThis', __GROVE_BUILD_ID__: JSON.stringify('test-build') },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'app', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}', '*.test.ts'], setupFiles: ['./src/test-setup.ts'] },
      },
      { extends: true, test: { name: 'server', environment: 'node', include: ['server/**/*.test.ts'] } },
    ],
  },
})
