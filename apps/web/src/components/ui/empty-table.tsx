/** A table with its column headings and one row saying why it is empty; its scroll box takes the focus so a keyboard can scroll it on a phone. */
export function EmptyTable(props: { columns: string[]; text: string; caption?: string }) {
  return (
    <div className="table-wrap" role="region" aria-label={props.caption ?? props.columns.join(", ")} tabIndex={0}>
      <table className="table">
        {props.caption ? <caption className="visually-hidden">{props.caption}</caption> : null}
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td colSpan={props.columns.length} className="empty">
              {props.text}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  )
}
