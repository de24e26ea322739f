import { describe, expect, it } from 'vitest';
import { toCsv } from './export-rows';

describe('toCsv', () => {
  it('writes a header of the fields, then a CRLF-terminated record per row in that order', () => {
    const rows = [
      { tld: 'com', backlinks_num: 700 },
      { tld: 'co,uk', backlinks_num: 3 },
    ];
    expect(toCsv(rows, ['tld', 'backlinks_num'])).toBe('tld,backlinks_num\r\ncom,700\r\n"co,uk",3\r\n');
    expect(toCsv([], ['tld'])).toBe('tld\r\n');
  });
});
