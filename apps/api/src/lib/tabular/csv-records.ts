import { type TabularRecord, TabularFileError } from './tabular-records';

/**
 * RFC 4180 CSV, read as a stream: chunks are decoded and split as they arrive, and only the record being read is
 * held, so a file of any length costs the memory of one row (issue 14: 'parse the upload as a stream'). Quoted
 * values may hold commas, doubled quotes and line breaks; CRLF and LF both end a record; a UTF-8 byte order mark is
 * skipped. A file that ends inside a quoted value was cut off, and is refused rather than read as a short row.
 */
export async function* csvRecords(source: AsyncIterable<Buffer | string>): AsyncGenerator<TabularRecord> {
  // fatal: bytes that are not UTF-8 (a spreadsheet saved as ANSI) are refused instead of read as replacement marks.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let field = '';
  let cells: string[] = [];
  let inQuotes = false;
  // A quote seen inside quotes: either the first of a doubled quote or the closing one (the next character says).
  let quotePending = false;
  let row = 1;

  const decode = (chunk: Buffer | string, stream: boolean): string => {
    if (typeof chunk === 'string') return chunk;
    try {
      return decoder.decode(chunk, { stream });
    } catch {
      throw new TabularFileError('The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again', row);
    }
  };

  function* take(text: string): Generator<TabularRecord> {
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i] as string;
      if (quotePending) {
        quotePending = false;
        if (c === '"') {
          field += '"';
          continue;
        }
        inQuotes = false;
      }
      if (inQuotes) {
        if (c === '"') quotePending = true;
        else field += c;
        continue;
      }
      if (c === ',') {
        cells.push(field);
        field = '';
      } else if (c === '\n') {
        cells.push(field);
        yield { row, cells };
        row += 1;
        field = '';
        cells = [];
      } else if (c === '"' && field === '') {
        inQuotes = true;
      } else if (c !== '\r') {
        field += c;
      }
    }
  }

  for await (const chunk of source) yield* take(decode(chunk, true));
  yield* take(decode(Buffer.alloc(0), false));
  if (quotePending) {
    quotePending = false;
    inQuotes = false;
  }
  if (inQuotes) throw new TabularFileError('The file ends inside a quoted value: it looks cut off. Nothing was imported', row);
  if (field !== '' || cells.length > 0) {
    cells.push(field);
    yield { row, cells };
  }
}
