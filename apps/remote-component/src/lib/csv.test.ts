import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes per RFC 4180 and guards cells a spreadsheet would run as formulas', () => {
    const csv = toCsv(['Listing', 'Views'], [
      ['Prestige "Lakeside", Phase 2', 1234],
      ['=HYPERLINK("http://x")', -1],
      ['+91 line\nbreak', null],
      ['@home', 0],
    ]);
    expect(csv).toBe(
      'Listing,Views\r\n"Prestige ""Lakeside"", Phase 2",1234\r\n"\'=HYPERLINK(""http://x"")",-1\r\n"\'+91 line\nbreak",\r\n\'@home,0\r\n',
    );
  });
});
