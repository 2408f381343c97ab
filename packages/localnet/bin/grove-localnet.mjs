#!/usr/bin/env node
// grove-localnet: runs the built CLI (dist/cli.bundle.js: plain JavaScript in one file, nothing
// compiled at start). In Grove's own source checkout, when a package's dist/ is missing or older
// than its sources, it runs the TypeScript sources through tsx instead (`npm start`, `npm test` and
// `npm run build` bring dist/ up to date).
import fs from 'node:fs'

const checkout = new URL('../../../scripts/build-localnet.mjs', import.meta.url)
let cli
if (fs.existsSync(new URL('../src', import.meta.url)) && fs.existsSync(checkout) && (await import(checkout.href)).stalePackages().length > 0) {
  const { register } = await import('node:module')
  const { register: registerTsx } = await import('tsx/esm/api')
  registerTsx()
  // the workspace packages' `@grove/source` export: their TypeScript sources
  register('data:text/javascript,export function resolve(s, c, next) { return next(s, { ...c, conditions: ["@grove/source", ...c.conditions] }) }')
  cli = await import('../src/cli.ts')
} else {
  cli = await import('../dist/cli.bundle.js')
}
await cli.main(process.argv.slice(2))
