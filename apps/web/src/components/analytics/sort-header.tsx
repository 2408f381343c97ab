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

/** The same sorts as a select, for phones, where a stacked table has no column headings to click. */
export function SortSelect<K extends string>(props: { label: string; columns: readonly (readonly [K, string])[]; sort: Sort<K>; onSort(sort: Sort<K>): void }) {
  return (
    <label className="sort-select">
      <span className="visually-hidden">{props.label}</span>
      <select
        value={`${props.sort.key}:${props.sort.descending ? 'desc' : 'asc'}`}
        onChange={(e) => {
          const [key, dir] = e.target.value.split(':') as [K, string]
          props.onSort({ key, descending: dir === 'desc' })
        }}
      >
        {props.columns.flatMap(([key, label]) => [
          <option key={`${key}:desc`} value={`${key}:desc`}>
            {label} ▼
          </option>,
          <option key={`${key}:asc`} value={`${key}:asc`}>
            {label} ▲
          </option>,
        ])}
      </select>
    </label>
  )
}
