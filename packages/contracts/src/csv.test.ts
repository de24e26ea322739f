import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses a text a spreadsheet would run as a formula, but not a negative number', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@home')).toBe("'@home");
    expect(csvCell(-5)).toBe('-5');
  });

  it('leaves null and undefined empty and writes booleans and numbers as they are', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(1234.5)).toBe('1234.5');
  });
});

describe('csvLine', () => {
  it('joins the cells and ends the record with CRLF', () => {
    expect(csvLine(['a', 1, null, new Date('2026-11-26T00:00:00Z')])).toBe(
      'a,1,,2026-11-26T00:00:00.000Z\r\n',
    );
  });
});
