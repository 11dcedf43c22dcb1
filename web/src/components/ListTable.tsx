import type { ReactNode } from 'react';

/** A list's table: scrolls sideways on a narrow screen, a caption for screen readers, a header row of `columns`. */
export function ListTable({ className, caption, columns, children }: { className: string; caption: string; columns: ReactNode[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className={`data ${className}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
