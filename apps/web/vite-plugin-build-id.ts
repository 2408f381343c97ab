// Gives every build an id the running app can compare with the deployed one: the id is
// compiled in as __GROVE_BUILD_ID__ and written to <outDir>/build/latest.json, which the
// app polls (src/lib/app-updates.ts). A differing id means a newer deploy is live.
import { randomBytes } from 'node:crypto'
import type { Plugin } from 'vite'

/** Contents of build/latest.json. */
export interface BuildDescriptor {
  buildId: string
  builtAt: string
}

/** Where the descriptor lives, relative to the site's base. */
export const LATEST_BUILD_PATH = 'build/latest.json'

/** Options for {@link buildIdPlugin}; tests pin the id and clock. */
export interface BuildIdOptions {
  /** Defaults to $GROVE_BUILD_ID, else a fresh time-ordered random id. */
  buildId?: string
  now?: () => Date
}

/** A fresh id: time first so ids sort by build time, random tail so parallel builds differ. */
export function newBuildId(now: Date = new Date()): string {
  return `${now.getTime().toString(36)}-${randomBytes(4).toString('hex')}`
}

/** Vite plugin that defines __GROVE_BUILD_ID__ and emits build/latest.json { buildId, builtAt }. */
export function buildIdPlugin(options: BuildIdOptions = {}): Plugin {
  const now = options.now ?? (() => new Date())
  const builtAt = now()
  const buildId = options.buildId ?? (process.env.GROVE_BUILD_ID || newBuildId(builtAt))
  const descriptor = (): string => `${JSON.stringify({ buildId, builtAt: builtAt.toISOString() } satisfies BuildDescriptor)}\n`
  let base = '/'
  let ssr = false

  return {
    name: 'grove-build-id',
    config: () => ({ define: { __GROVE_BUILD_ID__: JSON.stringify(buildId) } }),
    configResolved(config) {
      base = config.base
      ssr = Boolean(config.build.ssr)
    },
    // The dev server has no outDir; serve the same descriptor so the checker sees "no update".
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]
        if (path !== `${base}${LATEST_BUILD_PATH}`) return next()
        res.setHeader('Content-Type', 'application/json')
        res.setHeader('Cache-Control', 'no-store')
        res.end(descriptor())
      })
    },
    generateBundle() {
      // Only the browser bundle gets a descriptor; an SSR or other server build must not.
      if (ssr || (this.environment && this.environment.config.consumer !== 'client')) return
      this.emitFile({ type: 'asset', fileName: LATEST_BUILD_PATH, source: descriptor() })
    },
  }
}
