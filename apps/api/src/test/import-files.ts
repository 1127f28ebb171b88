import { crc32, deflateRawSync } from 'node:zlib';
import { PROJECT_IMPORT_COLUMNS } from '@nivaas/contracts/project-import.schema';

/** Test files for the bulk import (issue 14): CSV text and real XLSX workbooks, made here so no fixture drifts. */

export type ImportRow = Partial<Record<(typeof PROJECT_IMPORT_COLUMNS)[number]['name'], string>>;

const quote = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export function csvOf(rows: ImportRow[], columns = PROJECT_IMPORT_COLUMNS.map((column) => column.name)): string {
  return [columns.join(','), ...rows.map((row) => columns.map((column) => quote(row[column as keyof ImportRow] ?? '')).join(','))].join('\r\n') + '\r\n';
}

const xmlText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A zip of `files`, each deflated, as Excel writes them. */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content, 'utf8');
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * An XLSX workbook whose first sheet holds `rows` under the template's header: text as shared strings (as Excel
 * saves them), prices as numbers, and `possession_date` as an Excel date serial when `serialDates` is set.
 */
export function xlsxOf(rows: ImportRow[], { serialDates = false } = {}): Buffer {
  const columns = PROJECT_IMPORT_COLUMNS.map((column) => column.name);
  const shared: string[] = [];
  const sharedIndex = new Map<string, number>();
  const stringCell = (reference: string, value: string) => {
    let index = sharedIndex.get(value);
    if (index === undefined) {
      index = shared.length;
      shared.push(value);
      sharedIndex.set(value, index);
    }
    return `<c r="${reference}" t="s"><v>${index}</v></c>`;
  };
  const sheetRows = [columns, ...rows.map((row) => columns.map((column) => row[column as keyof ImportRow] ?? ''))].map((cells, r) => {
    const xml = cells
      .map((value, c) => {
        const reference = `${columnName(c)}${r + 1}`;
        if (value === '') return '';
        if (r > 0 && /^\d+$/.test(value)) return `<c r="${reference}"><v>${value}</v></c>`;
        if (r > 0 && serialDates && columns[c] === 'possession_date') {
          const serial = Math.round((Date.parse(`${value}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);
          return `<c r="${reference}" s="1"><v>${serial}</v></c>`;
        }
        return stringCell(reference, value);
      })
      .join('');
    return `<row r="${r + 1}">${xml}</row>`;
  });
  return zip({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': '<?xml version="1.0"?><workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Units" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels': '<?xml version="1.0"?><Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/units.xml"/></Relationships>',
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst count="${shared.length}">${shared.map((value) => `<si><t xml:space="preserve">${xmlText(value)}</t></si>`).join('')}</sst>`,
    'xl/worksheets/units.xml': `<?xml version="1.0"?><worksheet><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
  });
}
