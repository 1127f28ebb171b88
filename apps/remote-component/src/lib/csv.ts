export type CsvCell = string | number | boolean | null | undefined;

/** Cells a spreadsheet would run as a formula (CSV injection): they are written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers are ours and may be negative; only text that came from people can carry a formula.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 text: CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Saves the table as a file. The UTF-8 byte order mark makes spreadsheet programs read ₹ and Indian place names
 * correctly instead of guessing a legacy code page.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
