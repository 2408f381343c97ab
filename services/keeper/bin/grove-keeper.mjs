#!/usr/bin/env node
// grove-keeper: src/main.ts through tsx (the workspace ships TypeScript sources).
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/main.ts')
main().catch((e) => {
  console.error(`grove-keeper: ${e instanceof Error ? e.message : e}`)
  process.exit(1)
})
