import { describe, expect, it } from 'vitest';
import { format } from './define-check';

describe('format', () => {
  it('fills values and leaves unknown names as they are', () => {
    expect(format('{count} of {total} ({unknown})', { count: 2, total: 5 })).toBe('2 of 5 ({unknown})');
  });

  it('says a count of one as one, and others with the number', () => {
    const template = '{total?The one image has|All # images have} alt text.';
    expect(format(template, { total: 1 })).toBe('The one image has alt text.');
    expect(format(template, { total: 3 })).toBe('All 3 images have alt text.');
    expect(format(template, { total: 0 })).toBe('All 0 images have alt text.');
    expect(format('found in {words?one word|# words}', { words: '1' })).toBe('found in one word');
  });

  it('fills values inside the chosen words', () => {
    const template = '{count?one file over {min} KB|# files over {min} KB}';
    expect(format(template, { count: 1, min: 1.4 })).toBe('one file over 1.4 KB');
    expect(format(template, { count: 2, min: 1.4 })).toBe('2 files over 1.4 KB');
  });
});
