import { describe, expect, it } from 'vitest';
import { CHECKUP_MESSAGES, CheckupUrlSchema, isCheckupUrl } from './checkup';

describe('a URL to check', () => {
  it('takes addresses as people write them, international names included', () => {
    expect(isCheckupUrl('https://example.com/')).toBe(true);
    expect(isCheckupUrl('http://www.example.co.uk/a/b?c=d')).toBe(true);
    expect(isCheckupUrl('https://münchen.de/')).toBe(true);
    expect(isCheckupUrl('https://example.com./')).toBe(true);
    expect(isCheckupUrl(`https://${'a'.repeat(63)}.example.com/`)).toBe(true);
  });

  it('refuses a host DNS cannot have and a URL longer than 2,048 characters, with the spec’s message', () => {
    // A 2,000-character host passed before, and started checkups and crawls.
    const huge = `https://${'a'.repeat(2000)}.com/`;
    const longLabel = `https://${'a'.repeat(64)}.example.com/`;
    const longName = `https://${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.com/`;
    const longUrl = `https://example.com/${'p'.repeat(2030)}`;
    for (const url of [huge, longLabel, longName, longUrl, 'https://a..example.com/']) {
      const result = CheckupUrlSchema.safeParse(url);
      expect(result.success, url.slice(0, 40)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CHECKUP_MESSAGES.invalidUrl);
    }
  });
});
