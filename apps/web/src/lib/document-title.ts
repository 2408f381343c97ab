// The tab title has two writers: the layout (the matched route's title) and an error page shown in
// its place. React runs a child's effects before its parent's, so the error page claims the title
// first and the layout leaves it alone while the claim stands.
import { useEffect } from 'react'

let claimed: string | null = null

const tabTitle = (title: string) => (title === 'Grove' ? 'Grove' : `${title} · Grove`)

/** The layout's title: the route's, unless an error page is showing. `key` re-applies it on every navigation. */
export function useRouteTitle(title: string | undefined, key: string) {
  useEffect(() => {
    if (title && claimed === null) document.title = tabTitle(title)
  }, [title, key])
}

/** An error page's title, which wins over the route's while the page is shown. */
export function useErrorTitle(title: string) {
  useEffect(() => {
    claimed = title
    document.title = tabTitle(title)
    return () => {
      claimed = null
    }
  }, [title])
}
