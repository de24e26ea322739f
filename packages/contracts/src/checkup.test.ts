import { describe, expect, it } from 'vitest';
// Through the package's entry, which sets the product's wording for refusals, as the server reads it.
import { CHECKUP_MESSAGES, CheckupUrlSchema, isCheckupUrl } from './index';

describe('a URL to check', () => {
  it('takes addresses as people write them, international names included', () => {
    expect(isCheckupUrl('https://example.com/')).toBe(true);
    expect(isCheckupUrl('http://www.example.co.uk/a/b?c=d')).toBe(true);
    expect(isCheckupUrl('https://münchen.de/')).toBe(true);
    expect(isCheckupUrl('https://example.com./')).toBe(true);
    expect(isCheckupUrl(`https://${'a'.repeat(63)}.example.com/`)).toBe(true);
  });

  it('refuses a host DNS cannot have, with the spec’s message', () => {
    // A 2,000-character host passed before, and started checkups and crawls.
    const huge = `https://${'a'.repeat(2000)}.com/`;
    const longLabel = `https://${'a'.repeat(64)}.example.com/`;
    const longName = `https://${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.com/`;
    for (const url of [huge, longLabel, longName, 'https://a..example.com/']) {
      const result = CheckupUrlSchema.safeParse(url);
      expect(result.success, url.slice(0, 40)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CHECKUP_MESSAGES.invalidUrl);
    }
  });

  it('refuses a URL longer than 2,048 characters as it is stored, saying so', () => {
    expect(isCheckupUrl(`https://example.com/${'p'.repeat(2028)}`)).toBe(true);
    // 1,000 characters typed, 9,000 once the URL parser has written them in ASCII: passed before,
    // and a checkup's insert failed on the index of its URL.
    const encoded = `https://example.com/${'漢'.repeat(1000)}`;
    for (const url of [
      `https://example.com/${'p'.repeat(2029)}`,
      `https://example.com/${'p'.repeat(3000)}`,
      encoded,
    ]) {
      const result = CheckupUrlSchema.safeParse(url);
      expect(result.success, url.slice(0, 40)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Maximum 2048 characters']);
    }
  });
});
