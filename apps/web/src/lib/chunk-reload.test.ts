import { describe, expect, it } from 'vitest'
import { CHUNK_RELOAD_STORAGE_KEY, isChunkLoadError, shouldReloadForChunkError } from './chunk-reload.ts'

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial))
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  }
}

describe('isChunkLoadError', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/swap-abc.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: http://localhost/assets/swap-abc.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ["Vite's CSS preload", new Error('Unable to preload CSS for /assets/swap-abc.css')],
    ['a webpack-style chunk', new Error('Loading chunk 42 failed.')],
    ['a ChunkLoadError by name', Object.assign(new Error('x'), { name: 'ChunkLoadError' })],
  ])('recognises %s', (_name, error) => {
    expect(isChunkLoadError(error)).toBe(true)
  })

  it.each([
    ['a render error', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a plain fetch failure', new TypeError('Failed to fetch')],
    ['a string', 'Failed to fetch dynamically imported module'],
    ['null', null],
    ['undefined', undefined],
  ])('does not treat %s as a chunk error', (_name, error) => {
    expect(isChunkLoadError(error)).toBe(false)
  })
})

describe('shouldReloadForChunkError', () => {
  it('allows one reload per path within 10 s', () => {
    const storage = memoryStorage()
    expect(shouldReloadForChunkError('/dex/swap', 1_000, storage)).toBe(true)
    expect(shouldReloadForChunkError('/dex/swap', 1_001, storage)).toBe(false)
    expect(shouldReloadForChunkError('/dex/swap', 10_999, storage)).toBe(false)
    expect(shouldReloadForChunkError('/dex/swap', 11_000, storage)).toBe(true)
  })

  it('throttles each path on its own', () => {
    const storage = memoryStorage()
    expect(shouldReloadForChunkError('/dex/swap', 1_000, storage)).toBe(true)
    expect(shouldReloadForChunkError('/stake', 1_500, storage)).toBe(true)
    expect(shouldReloadForChunkError('/stake', 2_000, storage)).toBe(false)
  })

  it('remembers across page loads through sessionStorage', () => {
    expect(shouldReloadForChunkError('/shares', 5_000, sessionStorage)).toBe(true)
    expect(JSON.parse(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)!)).toEqual({ '/shares': 5_000 })
    expect(shouldReloadForChunkError('/shares', 6_000)).toBe(false)
  })

  it('drops expired entries from the record', () => {
    const storage = memoryStorage()
    shouldReloadForChunkError('/a', 0, storage)
    shouldReloadForChunkError('/b', 20_000, storage)
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY)!)).toEqual({ '/b': 20_000 })
  })

  it.each([
    ['broken JSON', '{'],
    ['an array', '[1]'],
    ['non-numeric times', '{"/x":"soon"}'],
  ])('treats %s in storage as no record', (_name, stored) => {
    const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: stored })
    expect(shouldReloadForChunkError('/x', 1_000, storage)).toBe(true)
  })

  it('allows a reload when the clock went backwards', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: JSON.stringify({ '/x': 50_000 }) })
    expect(shouldReloadForChunkError('/x', 1_000, storage)).toBe(true)
  })

  it('still throttles in memory when storage refuses writes', () => {
    const full: Storage = { ...memoryStorage(), getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError') } }
    expect(shouldReloadForChunkError('/full', 1_000, full)).toBe(true)
    expect(shouldReloadForChunkError('/full', 2_000, full)).toBe(false)
  })
})
