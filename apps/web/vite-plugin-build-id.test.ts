import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, createServer } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'
import { buildIdPlugin, newBuildId } from './vite-plugin-build-id.ts'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** A one-module site whose entry prints the compiled-in build id. */
async function site(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'grove-build-id-'))
  dirs.push(root)
  await writeFile(join(root, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>')
  await writeFile(join(root, 'main.js'), 'document.title = __GROVE_BUILD_ID__\n')
  return root
}

describe('buildIdPlugin', () => {
  it('compiles the id in and writes build/latest.json beside the bundle', async () => {
    const root = await site()
    const builtAt = new Date('2026-11-21T00:00:00.000Z')
    await build({ root, logLevel: 'silent', configFile: false, plugins: [buildIdPlugin({ buildId: 'id-123', now: () => builtAt })], build: { outDir: 'dist' } })
    const latest: unknown = JSON.parse(await readFile(join(root, 'dist/build/latest.json'), 'utf8'))
    expect(latest).toEqual({ buildId: 'id-123', builtAt: '2026-11-21T00:00:00.000Z' })
    const assets = await readdir(join(root, 'dist/assets'))
    const code = await readFile(join(root, 'dist/assets', assets.find((f) => f.endsWith('.js'))!), 'utf8')
    expect(code).toMatch(/document\.title\s*=\s*["'`]id-123["'`]/)
    expect(code).not.toContain('__GROVE_BUILD_ID__')
  }, 30_000)

  it('writes no descriptor for a server-side build', async () => {
    const root = await site()
    await build({ root, logLevel: 'silent', configFile: false, plugins: [buildIdPlugin({ buildId: 'ssr-1' })], build: { outDir: 'dist-ssr', ssr: 'main.js' } })
    const files = await readdir(join(root, 'dist-ssr'), { recursive: true })
    expect(files.some((f) => /\.m?js$/.test(String(f)))).toBe(true)
    expect(files.map(String)).not.toContain(join('build', 'latest.json'))
  }, 30_000)

  it('serves the same descriptor from the dev server, uncached', async () => {
    const root = await site()
    const server = await createServer({ root, logLevel: 'silent', configFile: false, plugins: [buildIdPlugin({ buildId: 'dev-1' })], server: { port: 0, host: '127.0.0.1' } })
    await server.listen()
    try {
      const address = server.httpServer!.address() as { port: number }
      const response = await fetch(`http://127.0.0.1:${address.port}/build/latest.json?t=1`)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.json()).toMatchObject({ buildId: 'dev-1' })
    } finally {
      await server.close()
    }
  }, 30_000)

  it('makes a different, time-ordered id for each build', () => {
    const a = newBuildId(new Date('2026-11-21T00:00:00Z'))
    const b = newBuildId(new Date('2026-11-21T00:00:00Z'))
    const later = newBuildId(new Date('2026-11-21T00:00:01Z'))
    expect(a).not.toBe(b)
    expect(a).toMatch(/^[0-9a-z]+-[0-9a-f]{8}$/)
    expect(later.split('-')[0] > a.split('-')[0]).toBe(true)
  })
})
