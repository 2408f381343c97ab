import { describe, expect, it } from 'vitest'
import { buildCatalog, DOCS, findDoc } from './docs-catalog.ts'

const load = () => Promise.resolve('')

describe('buildCatalog', () => {
  it('orders pages by docs.json, then by file prefix, and strips the prefix from the slug', () => {
    const catalog = buildCatalog(
      { '/content/docs/02-faq.md': load, '/content/docs/01-getting-started.md': load, '/content/docs/zz-extra.md': load },
      [{ file: '02-faq.md', title: 'FAQ', order: 0 }],
    )
    expect(catalog.map((d) => [d.slug, d.label, d.path])).toEqual([
      ['faq', 'FAQ', '/docs/faq'],
      ['getting-started', 'Getting started', '/docs/getting-started'],
      ['zz-extra', 'Zz extra', '/docs/zz-extra'],
    ])
  })
})

describe('findDoc', () => {
  const catalog = buildCatalog({ '/content/docs/01-getting-started.md': load, '/content/docs/02-faq.md': load })

  it.each([
    ['/docs', 'getting-started'],
    ['/docs/', 'getting-started'],
    ['/docs/faq', 'faq'],
    ['/docs/faq/', 'faq'],
    ['/docs/nope', undefined],
    ['/faq', undefined],
    ['/docs/faq/more', undefined],
  ])('finds %s → %s', (path, slug) => {
    expect(findDoc(path, catalog)?.slug).toBe(slug)
  })
})

describe('the shipped docs', () => {
  it.each(['getting-started', 'swaps-and-fees', 'liquidity', 'farms-and-pools', 'locks-and-vesting', 'projects', 'staking-grove', 'networks-and-wallets', 'faq'])(
    'include %s with a markdown heading',
    async (slug) => {
      const doc = DOCS.find((d) => d.slug === slug)
      expect(doc).toBeDefined()
      expect(await doc!.load()).toMatch(/^# \S/m)
    },
  )
})
