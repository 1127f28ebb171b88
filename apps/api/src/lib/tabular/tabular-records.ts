/**
 * Rows of a spreadsheet-like file (CSV or XLSX) as the bulk import reads them (issue 14): each record is numbered
 * like a spreadsheet row (the header is row 1), so a refusal can say "row 12, column unit_min_price".
 */
export interface TabularRecord {
  /** 1-based, counting the header and blank rows, as a spreadsheet numbers them. */
  row: number;
  cells: string[];
}

/** The file itself cannot be read (cut off, not UTF-8, not a workbook, too large); `row` when one is to blame. */
export class TabularFileError extends Error {
  constructor(
    message: string,
    readonly row?: number,
    /** Too large to read at all (413), rather than unreadable (400). */
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'TabularFileError';
  }
}
