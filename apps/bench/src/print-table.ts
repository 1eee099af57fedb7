/** Prints a markdown table to stdout, each column as wide as its widest cell. */
export function printTable(columns: string[], rows: string[][]) {
  const widths = columns.map((column, index) => Math.max(column.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  console.log(line(columns));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}
