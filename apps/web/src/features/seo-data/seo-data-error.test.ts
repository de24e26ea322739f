import { describe, expect, it } from 'vitest';
import { RequestError } from '../../api/client';
import { isDataSourceMissing, seoDataErrorCode } from './seo-data-error';

describe('seoDataErrorCode', () => {
  it("reads the code of a data call's error answer", () => {
    const missing = new RequestError(503, { error: 'No source', code: 'data_source_not_configured' });
    expect(seoDataErrorCode(missing)).toBe('data_source_not_configured');
    expect(isDataSourceMissing(missing)).toBe(true);
    expect(seoDataErrorCode(new RequestError(429, { error: 'Spent', code: 'data_budget_spent' }))).toBe(
      'data_budget_spent',
    );
    expect(seoDataErrorCode(new RequestError(502, { error: 'Down', code: 'data_source_failed' }))).toBe(
      'data_source_failed',
    );
  });

  it('is null for any other failure', () => {
    expect(seoDataErrorCode(new RequestError(400, { error: 'Invalid domain' }))).toBeNull();
    expect(seoDataErrorCode(new RequestError(500, { error: 'Oops', code: 'internal' }))).toBeNull();
    expect(seoDataErrorCode(new RequestError(502, '<html>Bad gateway</html>'))).toBeNull();
    expect(seoDataErrorCode(new RequestError(503, null))).toBeNull();
    expect(seoDataErrorCode(new Error('Network error: offline'))).toBeNull();
    expect(isDataSourceMissing(null)).toBe(false);
  });
});
