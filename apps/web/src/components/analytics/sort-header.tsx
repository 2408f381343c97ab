import type { Sort } from '@/lib/analytics/derive.ts'

/** A column heading that sorts its table when clicked; aria-sort tells screen readers the order. */
export function SortHeader<K extends string>(props: { column: K; label: string; sort: Sort<K>; onSort(key: K): void }) {
  const active = props.sort.key === props.column
  return (
    <th scope="col" aria-sort={active ? (props.sort.descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => props.onSort(props.column)}>
        {props.label}
        <span aria-hidden="true">{active ? (props.sort.descending ? ' ▼' : ' ▲') : ''}</span>
      </button>
    </th>
  )
}
