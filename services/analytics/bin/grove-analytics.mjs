#!/usr/bin/env node
// grove-analytics CLI: runs src/cli.ts through tsx.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli.ts')
main(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
