import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks and ends lines with CRLF (RFC 4180)', () => {
    expect(toCsv(['Query', 'Count'], [['2 bhk, whitefield', 12], ['say "hi"\nthere', 3]])).toBe(
      'Query,Count\r\n"2 bhk, whitefield",12\r\n"say ""hi""\nthere",3\r\n',
    );
  });

  it('guards text that a spreadsheet would run as a formula, but not our own numbers', () => {
    expect(toCsv(['Query'], [['=HYPERLINK("x")'], ['+91'], ['-1'], ['@sum'], [-4]])).toBe(`Query\r\n"'=HYPERLINK(""x"")"\r\n'+91\r\n'-1\r\n'@sum\r\n-4\r\n`);
  });

  it('leaves empty cells empty', () => {
    expect(toCsv(['a', 'b'], [[null, undefined]])).toBe('a,b\r\n,\r\n');
  });

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
