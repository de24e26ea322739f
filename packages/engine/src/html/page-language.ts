import type { CheerioAPI } from 'cheerio/slim';
import { detectLanguage } from './keywords';

/**
 * The primary language subtag of the page: `<html lang>` when it is well-formed, else the
 * language whose function words cover `text`, else English.
 */
export function pageLanguage($: CheerioAPI, text: string): { lang: string; declared: boolean } {
  const declared = ($('html').attr('lang') ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (/^[a-z]{2,3}$/.test(declared)) return { lang: declared, declared: true };
  return { lang: detectLanguage(text)?.lang ?? 'en', declared: false };
}
