// A plain table of figures (a heading row, then one row per item) for the analytics screens, which
// put it in cards of their own; the first column can name its row for screen readers.
import type { ReactNode } from 'react';

export function FiguresTable({ head, rows, firstColumnNamesRow = false }: { head: readonly string[]; rows: readonly ReactNode[][]; firstColumnNamesRow?: boolean }) {
  return (
    <table>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((cell, column) =>
              column === 0 && firstColumnNamesRow ? (
                <th key={column} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={column}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
