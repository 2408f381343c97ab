// Web bundle benchmark: builds the app, then prints as JSON the gzipped JavaScript a first
// visit loads for each measured route. It walks Vite's manifest: the entry's static imports
// plus the route's lazy page chunk and its static imports (what the browser fetches before
// the page renders). Wallet SDKs are dynamic imports reached only on connect, so they are
// excluded by construction, and reported separately.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/** One entry of Vite's build manifest. */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

/** Manifest keys of the entry plus every chunk reachable through static imports of `roots`. */
export function staticClosure(manifest: Record<string, ManifestChunk>, roots: string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [...roots]
  while (stack.length > 0) {
    const key = stack.pop()!
    if (seen.has(key)) continue
    const chunk = manifest[key]
    if (!chunk) throw new Error(`not in the manifest: ${key}`)
    seen.add(key)
    stack.push(...(chunk.imports ?? []))
  }
  return seen
}

const ROUTES: Record<string, string> = {
  '/': 'src/features/landing/landing-page.tsx',
  '/dex/swap': 'src/features/swap/swap-page.tsx',
}
/** Budget of the issue: the first visit to /dex/swap loads at most this much gzipped JS. */
const SWAP_BUDGET = 250 * 1024

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  const dist = path.join(root, 'dist')
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  if (!entry) throw new Error('no entry chunk in the manifest')
  const gz = (key: string) => gzipSync(readFileSync(path.join(dist, manifest[key]!.file))).length
  const sum = (keys: Iterable<string>) => [...keys].filter((k) => manifest[k]!.file.endsWith('.js')).reduce((n, k) => n + gz(k), 0)

  const routes: Record<string, { gzipBytes: number; chunks: number }> = {}
  for (const [route, page] of Object.entries(ROUTES)) {
    const keys = staticClosure(manifest, [entry, page])
    routes[route] = { gzipBytes: sum(keys), chunks: keys.size }
  }
  const wallet = staticClosure(manifest, ['src/features/wallet/wallet-runtime.tsx'])
  const result = {
    firstVisitGzipJs: { '/': routes['/']!.gzipBytes, '/dex/swap': routes['/dex/swap']!.gzipBytes },
    routes,
    walletRuntimeGzipJs: sum(wallet),
    swapBudgetBytes: SWAP_BUDGET,
    swapWithinBudget: routes['/dex/swap']!.gzipBytes <= SWAP_BUDGET,
  }
  console.log(JSON.stringify(result, null, 2))
  if (!result.swapWithinBudget) process.exitCode = 1
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main()
