import { inflateRawSync } from 'node:zlib';
import { type TabularRecord, TabularFileError } from './tabular-records';

/**
 * The first worksheet of an XLSX workbook, read with Node's own zlib and a small XML scanner (decision 020): an XLSX
 * is a zip of XML files, and the import needs only the cells' text. A zip is read from its end (the central
 * directory), so the upload is held whole, up to the route's XLSX limit; the sheet's rows are then produced one at a
 * time. Formulas give their cached value; dates stay Excel serial numbers (the import reads them where a date is due).
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Inflated XML above this is refused (a zip bomb, or a sheet far beyond any import). */
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

function notWorkbook(): TabularFileError {
  return new TabularFileError('The file is not a readable XLSX workbook (it may be cut off): save it again as .xlsx or as CSV UTF-8');
}

/** The zip's entries by name, each inflated on demand. */
function zipEntries(zip: Buffer): Map<string, () => Buffer> {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i -= 1) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw notWorkbook();
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, () => Buffer>();
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw notWorkbook();
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, () => {
      if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw notWorkbook();
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      if (data.length !== size) throw notWorkbook();
      if (method === 0) return data;
      if (method !== 8) throw new TabularFileError('The workbook uses a compression this reader does not know: save it again as .xlsx or as CSV UTF-8');
      try {
        return inflateRawSync(data, { maxOutputLength: MAX_INFLATED_BYTES });
      } catch (error) {
        if (error instanceof RangeError) throw new TabularFileError('The worksheet is too large to import at once: split the file', undefined, true);
        throw notWorkbook();
      }
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/** The text of a shared string or inline string: every <t> run, joined (rich text splits one value into runs). */
function runsText(xml: string): string {
  let text = '';
  for (const match of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)) text += unescapeXml(match[1] ?? '');
  return text;
}

/** 'B' -> 1, 'AA' -> 26. */
function columnIndex(reference: string): number {
  let index = 0;
  for (const letter of reference.replace(/\d+$/, '').toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** The first sheet's path: the workbook's first <sheet>, through its relationship; sheet1.xml when none is named. */
function firstSheetPath(entries: Map<string, () => Buffer>): string {
  const workbook = entries.get('xl/workbook.xml')?.().toString('utf8');
  const rels = entries.get('xl/_rels/workbook.xml.rels')?.().toString('utf8');
  const relId = workbook?.match(/<sheet\b[^>]*\br:id="([^"]+)"/)?.[1];
  if (relId && rels) {
    for (const match of rels.matchAll(/<Relationship\b[^>]*>/g)) {
      const tag = match[0];
      if (tag.includes(`Id="${relId}"`)) {
        const target = tag.match(/Target="([^"]+)"/)?.[1];
        if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
      }
    }
  }
  return 'xl/worksheets/sheet1.xml';
}

export function* xlsxRecords(zip: Buffer): Generator<TabularRecord> {
  const entries = zipEntries(zip);
  const sheet = entries.get(firstSheetPath(entries));
  if (!sheet) throw notWorkbook();
  const shared: string[] = [];
  const sharedXml = entries.get('xl/sharedStrings.xml')?.().toString('utf8');
  if (sharedXml) for (const match of sharedXml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)) shared.push(runsText(match[1] ?? ''));
  const xml = sheet().toString('utf8');
  let expected = 1;
  for (const rowMatch of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const number = Number(rowMatch[1]?.match(/\br="(\d+)"/)?.[1] ?? expected);
    expected = number + 1;
    const cells: string[] = [];
    for (const cellMatch of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cellMatch[1] ?? '';
      const body = cellMatch[2] ?? '';
      const reference = attributes.match(/\br="([A-Z]+\d*)"/)?.[1];
      const index = reference ? columnIndex(reference) : cells.length;
      const type = attributes.match(/\bt="(\w+)"/)?.[1] ?? 'n';
      const raw = body.match(/<v>([\s\S]*?)<\/v>/)?.[1];
      let value: string;
      if (type === 's') value = shared[Number(raw)] ?? '';
      else if (type === 'inlineStr') value = runsText(body.match(/<is>([\s\S]*?)<\/is>/)?.[1] ?? '');
      else if (type === 'b') value = raw === '1' ? 'TRUE' : 'FALSE';
      else value = raw === undefined ? '' : unescapeXml(raw);
      while (cells.length < index) cells.push('');
      cells[index] = value;
    }
    yield { row: number, cells };
  }
}
