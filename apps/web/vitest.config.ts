// Unit tests: the app's in jsdom with the same `@/` alias as the app; the production web
// server's in Node (no DOM, no Testing Library setup).
// The app's files share one jsdom and module registry per worker (isolate: false): setting up jsdom
// and importing the SDK afresh for each of ~75 files took 5× the tests' own time. test-setup.ts
// clears the DOM and storage after every test. A file that replaces a module with vi.mock needs a
// registry of its own (another file may have imported the real one), so those run isolated.
import fs from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))
const appTests = ['src/**/*.test.{ts,tsx}', '*.test.ts']
const mocking = (fs.readdirSync(`${root}src`, { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.mock\(/.test(fs.readFileSync(`${root}src/${file}`, 'utf8')))
  .map((file) => `src/${file.split('\\').join('/')}`)
const app = { environment: 'jsdom', setupFiles: ['./src/test-setup.ts'] }

export default defineConfig({
  plugins: [react()],
  define: { global: 'globalThis', __GROVE_BUILD_ID__: JSON.stringify('test-build') },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    projects: [
      { extends: true, test: { name: 'app', ...app, include: appTests, exclude: mocking, isolate: false } },
      ...(mocking.length ? [{ extends: true as const, test: { name: 'app-mocking', ...app, include: mocking } }] : []),
      { extends: true, test: { name: 'server', environment: 'node', include: ['server/**/*.test.ts'] } },
    ],
  },
})
