import { describe, expect, it } from 'vitest';
import {
  checkDataFields,
  checkFieldLabel,
  formatBytes,
  formatCheckCell,
  formatCheckValue,
  formatDuration,
  recordColumns,
  topEntries,
} from './check-data-format';

describe('checkFieldLabel', () => {
  it('spells names and abbreviations as people write them', () => {
    expect(checkFieldLabel('lcp')).toBe('Largest Contentful Paint (LCP)');
    expect(checkFieldLabel('url')).toBe('URL');
    expect(checkFieldLabel('non_http2_resources')).toBe('Files not served over HTTP/2');
    expect(checkFieldLabel('hsts_header')).toBe('HSTS header');
    expect(checkFieldLabel('spf_record')).toBe('SPF record');
    expect(checkFieldLabel('cdn_usage')).toBe('CDN usage');
    expect(checkFieldLabel('h1_list')).toBe('H1 headings');
    expect(checkFieldLabel('js_errors')).toBe('JavaScript errors');
    expect(checkFieldLabel('html_size')).toBe('HTML size');
    // Keys without a label of their own: words, with the abbreviations spelt out.
    expect(checkFieldLabel('css_url')).toBe('CSS URL');
    expect(checkFieldLabel('js')).toBe('JavaScript');
    expect(checkFieldLabel('dns')).toBe('DNS');
    // Meta tags and domains as they are; header names as headers read.
    expect(checkFieldLabel('og:title')).toBe('og:title');
    expect(checkFieldLabel('cdn.example.com')).toBe('cdn.example.com');
    expect(checkFieldLabel('content-security-policy')).toBe('Content-Security-Policy');
  });
});

describe('formatCheckValue', () => {
  it('puts a unit on every figure, by where the figure sits', () => {
    expect(formatCheckValue(['response_time'], 512)).toBe('0.51 s');
    expect(formatCheckValue(['response_time'], 14)).toBe('14 ms');
    expect(formatCheckValue(['ttfb', 'total'], 7)).toBe('7 ms');
    expect(formatCheckValue(['lcp', 'phases', 'render_delay'], 40)).toBe('40 ms');
    expect(formatCheckValue(['not_minified', 'size'], 133_379)).toBe('130.3 Kb');
    expect(formatCheckValue(['unused', 'js', 'unused'], 1229)).toBe('1.2 Kb');
    expect(formatCheckValue(['page_objects', 'size_by_type', 'images'], 1_902_885)).toBe('1.81 Mb');
    expect(formatCheckValue(['page_objects', 'requests_by_type', 'css'], 3)).toBe('3 requests');
    expect(formatCheckValue(['page_objects', 'requests_by_domain', 'cdn.example.com'], 1)).toBe('1 request');
    expect(formatCheckValue(['page_objects', 'javascript'], 2)).toBe('2 files');
    expect(formatCheckValue(['links', 'internal'], 12)).toBe('12 links');
    expect(formatCheckValue(['dom', 'nodes'], 1_204)).toBe('1,204 elements');
    expect(formatCheckValue(['word_count'], 22)).toBe('22 words');
    expect(formatCheckValue(['title_length'], 51)).toBe('51 characters');
    expect(formatCheckValue(['keywords_frequency', 'density'], 4.55)).toBe('4.55 %');
    expect(formatCheckValue(['non_blank_ratio'], 0.192)).toBe('19.2 %');
    expect(formatCheckValue(['overflow_px'], 988)).toBe('988 px');
    expect(formatCheckValue(['not_cached', 'js', 'ttl_seconds'], 3600)).toBe('1 h');
    expect(formatCheckValue(['cls', 'score'], 0.0275)).toBe('0.028');
    expect(formatCheckValue(['sitemaps', 'url_count'], 3)).toBe('3 URLs');
    // Codes and numbers that are not amounts stay bare.
    expect(formatCheckValue(['broken_links', 'status'], 404)).toBe('404');
    expect(formatCheckValue(['robots_txt_errors', 'line'], 4)).toBe('4');
  });

  it('writes sizes, yes/no, empty values and codes for people', () => {
    expect(formatCheckValue(['low_res_images', 'natural'], { width: 1, height: 1 })).toBe('1 × 1 px');
    expect(formatCheckValue(['wrong_aspect_ratio_images', 'natural'], '900×700')).toBe('900 × 700 px');
    expect(formatCheckValue(['lcp_lazy'], false)).toBe('No');
    expect(formatCheckValue(['hsts_header'], null)).toBe('—');
    expect(formatCheckValue(['ssl', 'sub_results', 'status'], 'failed')).toBe('Failed');
    expect(formatCheckValue(['seo_unfriendly_urls', 'reasons'], 'double_slash')).toBe('double slashes');
    expect(formatCheckValue(['uncrawlable_links', 'reason'], 'listener_only')).toBe(
      'click handler without href',
    );
  });

  it('sizes as the spec writes them (B, Kb, Mb, "> 1 Gb"), durations in ms or s', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1229)).toBe('1.2 Kb');
    expect(formatBytes(2048)).toBe('2.0 Kb');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.00 Mb');
    expect(formatBytes(2 * 1024 ** 3)).toBe('> 1 Gb');
    expect(formatDuration(4.2)).toBe('4 ms');
    expect(formatDuration(118)).toBe('0.12 s');
    expect(formatDuration(3100)).toBe('3.10 s');
  });
});

describe('the spelling check’s variant', () => {
  it('says in words which English the page was read in and what decided it', () => {
    expect(checkFieldLabel('variant')).toBe('Spelling read in');
    expect(formatCheckValue(['spelling_issues', 'variant'], 'en-GB')).toBe('British English');
    expect(formatCheckValue(['spelling_issues', 'variant_source'], 'site')).toBe(
      'the spelling most of the site is written in',
    );
    expect(formatCheckValue(['spelling_issues', 'variant_source'], 'default')).toBe(
      'nothing on the page (American by default)',
    );
  });
});

describe('formatCheckCell', () => {
  it('never gives JSON: lists are joined, records read as label and value', () => {
    expect(formatCheckCell(['spelling_issues', 'hard', 'suggestions'], ['tables', 'labels'])).toEqual({
      text: 'tables, labels',
    });
    expect(formatCheckCell(['hreflang_links', 'issues'], [])).toEqual({ text: 'None' });
    const record = formatCheckCell(['compression'], { encoding: 'gzip', raw: 2048, savings_pct: 62 });
    expect(record.text).toBe('Encoding: gzip, In the HTML: 2.0 Kb, Saved: 62 %');
    expect(formatCheckCell(['url'], 'https://example.com/a')).toEqual({
      text: 'https://example.com/a',
      href: 'https://example.com/a',
    });
    for (const cell of [record, formatCheckCell(['x'], [{ width: 1, height: 2 }, { a: [1, 2] }])])
      expect(cell.text).not.toMatch(/[{}[\]"]/);
  });
});

describe('check data helpers', () => {
  it('leaves the common fields out, lists columns and keeps the top entries', () => {
    expect(
      checkDataFields({ status: 'failed', message: 'm', relevance: 3, recommendation: 'r', fcp: 144 }),
    ).toEqual([['fcp', 144]]);
    expect(
      recordColumns([
        { url: 'a', status: 1 },
        { url: 'b', error: 'x' },
      ]),
    ).toEqual(['url', 'status', 'error']);
    const values = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`d${i}`, i + 1]));
    const top = topEntries(values);
    expect(top).toHaveLength(11);
    expect(top[0]).toEqual(['d11', 12]);
    expect(top.at(-1)).toEqual(['Other', 3]);
  });
});
