#!/usr/bin/env node
// Finds import circles in the workspaces' sources: each set of files that import one another round
// (a strongly connected component of the relative-import graph, types included, since a circle of
// types is still a circle of concerns). import-x/no-cycle does this per file and took minutes here;
// one walk of the whole graph takes well under a second. `node scripts/import-cycles.mjs` lists
// every circle not in ALLOWED and exits 1 when there is one.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The one circle that stays: the AVM evaluator's opcode handlers call back into the evaluator that dispatches them. */
export const ALLOWED = [/^packages\/avm\/src\//]

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/
const SKIP = new Set(['node_modules', 'dist', 'build', 'coverage', '.grove', 'test-results', 'playwright-report'])
// import … from 'x', export … from 'x', import 'x', import('x')
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g

/** Every source file under `dir`, repository-relative. */
function sources(dir) {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name)
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : sources(rel)
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : []
  })
}

/** The file a specifier names from `file` (relative, or the web app's `@/` alias), or undefined for a package. */
function resolve(file, specifier, files) {
  let base
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(file), specifier)
  else if (specifier.startsWith('@/') && file.startsWith('apps/web/')) base = path.posix.join('apps/web/src', specifier.slice(2))
  else return undefined
  const stem = base.replace(/\.(js|mjs)$/, '')
  return [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => files.has(f))
}

/** The import graph of every workspace's files: file → the files it imports. */
export function importGraph(workspaces = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces) {
  const files = new Set(workspaces.flatMap((w) => sources(w)))
  const graph = new Map()
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/^\s*\/\/.*$/gm, '')
    const targets = [...text.matchAll(SPECIFIER)].map((m) => resolve(file, m[1], files)).filter((f) => f && f !== file)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** The circles of a graph: its strongly connected components of more than one file (Tarjan's). */
export function circles(graph) {
  let next = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  const visit = (v) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
    }
    if (low.get(v) === index.get(v)) {
      const component = []
      let w
      do {
        w = stack.pop()
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found.sort((a, b) => a[0].localeCompare(b[0]))
}

/** The circles that are not allowed. */
export function forbiddenCircles(graph = importGraph()) {
  return circles(graph).filter((c) => !c.every((f) => ALLOWED.some((re) => re.test(f))))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const all = circles(importGraph())
  const bad = all.filter((c) => !c.every((f) => ALLOWED.some((re) => re.test(f))))
  for (const c of all) console.log(`${bad.includes(c) ? '✗' : 'allowed'} ${c.join(' ↔ ')}`)
  console.log(`${bad.length} import circle(s) besides the allowed ${all.length - bad.length}`)
  process.exit(bad.length ? 1 : 0)
}
