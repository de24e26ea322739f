import { SEO_DATA_ERROR_CODES, type SeoDataErrorCode } from '@sitelens/contracts';
import { RequestError } from '../../api/client';

const CODES = new Set<string>(Object.values(SEO_DATA_ERROR_CODES));

/**
 * The `code` of a data call's error answer (`{ error, code }`) when it is one a data screen tells
 * apart: no source configured, the budget spent, the provider failed. Null for any other failure.
 */
export function seoDataErrorCode(error: unknown): SeoDataErrorCode | null {
  if (!(error instanceof RequestError)) return null;
  const { body } = error;
  if (!body || typeof body !== 'object' || !('code' in body) || typeof body.code !== 'string') return null;
  return CODES.has(body.code) ? (body.code as SeoDataErrorCode) : null;
}

/** The server has no keyword and backlink data source: the screens show one panel instead of data. */
export const isDataSourceMissing = (error: unknown) =>
  seoDataErrorCode(error) === SEO_DATA_ERROR_CODES.notConfigured;
