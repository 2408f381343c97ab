// The documentation pages under content/docs, known at build time. Only names are bundled
// here; each page's markdown is a separate chunk loaded when it is opened.

/** One documentation page. */
export interface DocEntry {
  /** URL segment: the file name without `.md` and without an ordering prefix like `01-`. */
  slug: string
  /** Link text: the title in docs.json, else derived from the file name. */
  label: string
  /** Path the page is served at. */
  path: string
  load(): Promise<string>
}

/** Where documentation pages are served. */
export const DOCS_BASE = '/docs'

/** Optional titles and order from content/docs/docs.json, keyed by file name. */
export interface DocMeta {
  file: string
  title?: string
  order?: number
}

const sources = import.meta.glob<string>('/content/docs/*.md', { query: '?raw', import: 'default' })
const metaFiles = import.meta.glob<DocMeta[]>('/content/docs/docs.json', { eager: true, import: 'default' })
const meta: DocMeta[] = Array.isArray(metaFiles['/content/docs/docs.json']) ? metaFiles['/content/docs/docs.json'] : []

/** Builds the catalog from file paths and docs.json; pages sort by order (or file prefix), then name. */
export function buildCatalog(files: Record<string, () => Promise<string>>, metadata: DocMeta[] = []): DocEntry[] {
  return Object.keys(files)
    .map((file) => {
      const base = file.slice(file.lastIndexOf('/') + 1)
      const name = base.replace(/\.md$/, '')
      const order = /^(\d+)-/.exec(name)
      const slug = order ? name.slice(order[0].length) : name
      const words = slug.replace(/-/g, ' ')
      const info = metadata.find((m) => m.file === base)
      return {
        slug,
        label: info?.title ?? words.charAt(0).toUpperCase() + words.slice(1),
        path: `${DOCS_BASE}/${slug}`,
        load: files[file]!,
        rank: info?.order ?? (order ? Number(order[1]) : Number.MAX_SAFE_INTEGER),
      }
    })
    .sort((a, b) => a.rank - b.rank || a.slug.localeCompare(b.slug))
    .map(({ rank: _rank, ...entry }) => entry)
}

/** Every documentation page, in reading order. */
export const DOCS: DocEntry[] = buildCatalog(sources, meta)

/** The page for a path like `/docs/faq` (or `/docs`, which opens the first page), or undefined. */
export function findDoc(pathname: string, catalog: DocEntry[] = DOCS): DocEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === DOCS_BASE) return catalog[0]
  return catalog.find((d) => d.path === path)
}
