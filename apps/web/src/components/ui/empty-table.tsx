/** A table with its column headings and one row saying why it is empty. */
export function EmptyTable(props: { columns: string[]; text: string; caption?: string }) {
  return (
    <div className="table-wrap">
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
