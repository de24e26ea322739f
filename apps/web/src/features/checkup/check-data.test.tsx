import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckData, cloudFontSize } from './check-data';

describe('check data renderers', () => {
  it('sizes the keyword cloud as the spec says: 14 + 2 × (count − 1), 42 above 15', () => {
    expect(cloudFontSize(1)).toBe(14);
    expect(cloudFontSize(15)).toBe(42);
    expect(cloudFontSize(40)).toBe(42);
    render(
      <CheckData
        result={{ status: 'passed', message: '', keywords_cloud: [{ term: 'oak', count: 5, weight: 1 }] }}
      />,
    );
    expect(screen.getByText('oak').style.fontSize).toBe('22px');
  });

  it('shows a list of records as a table with a column per field', () => {
    render(
      <CheckData
        result={{
          status: 'failed',
          message: '',
          broken_links: [{ url: 'https://example.com/gone', status: 404, anchor: 'Old page' }],
        }}
      />,
    );
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'URL' })).toBeTruthy();
    expect(within(table).getByText('404')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'https://example.com/gone' }).getAttribute('href')).toBe(
      'https://example.com/gone',
    );
  });

  it('names fields in words and shows timings, shares and widths in their units', () => {
    render(
      <CheckData
        result={{
          status: 'passed',
          message: '',
          load_time: 118,
          response_time: 14,
          speed_index: 3400,
          non_blank_ratio: 0.192,
          small_text_pct: 51.7,
          overflow_px: 988,
        }}
      />,
    );
    expect(screen.getByText('Load time')).toBeTruthy();
    expect(screen.getByText('0.12 s')).toBeTruthy();
    expect(screen.getByText('14 ms')).toBeTruthy();
    expect(screen.getByText('Speed Index')).toBeTruthy();
    expect(screen.getByText('3.40 s')).toBeTruthy();
    expect(screen.getByText('Screen with content')).toBeTruthy();
    expect(screen.getByText('19.2 %')).toBeTruthy();
    expect(screen.getByText('51.7 %')).toBeTruthy();
    expect(screen.getByText('Wider than the screen by')).toBeTruthy();
    expect(screen.getByText('988 px')).toBeTruthy();
  });

  it('puts web vitals against their thresholds', () => {
    render(
      <CheckData
        result={{
          status: 'warning',
          message: '',
          lcp: { duration: 3100, node: 'img', text: null, url: null },
        }}
      />,
    );
    expect(screen.getByText('3.10 s')).toBeTruthy();
    expect(screen.getByText('good ≤ 2.5 s, poor > 4 s')).toBeTruthy();
  });

  it('groups page objects by type and domain, top 10 and "Other"', () => {
    const size_by_domain = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`d${i}.example`, (i + 1) * 1024]),
    );
    render(
      <CheckData
        result={{
          status: 'passed',
          message: '',
          page_objects: {
            size_by_type: { images: 2048 },
            requests_by_type: { images: 2 },
            size_by_domain,
            requests_by_domain: {},
          },
        }}
      />,
    );
    expect(screen.getByText('Size by domain')).toBeTruthy();
    // Twelve domains: the ten largest by name, the two smallest (1 Kb + 2 Kb) summed as "Other".
    const other = screen.getByText('Other').closest('tr');
    expect(other?.textContent).toContain('3.0 Kb');
    expect(screen.queryByText('d0.example')).toBeNull();
    expect(screen.getByText('d11.example')).toBeTruthy();
  });

  it('leaves the common fields out and shows "None" for an empty list', () => {
    render(
      <CheckData result={{ status: 'passed', message: 'All good', recommendation: 'x', js_errors: [] }} />,
    );
    expect(screen.queryByText('Recommendation')).toBeNull();
    expect(screen.getByText('JavaScript errors')).toBeTruthy();
    expect(screen.getByText('None')).toBeTruthy();
  });

  it('shows nested values as text with units, never as JSON (engine results of the fixture site)', () => {
    // Data fields as the engine wrote them for the neglected fixture site.
    const results: Record<string, unknown>[] = [
      {
        status: 'warning',
        message: '',
        oversized_images: [],
        low_res_images: [
          {
            url: 'http://127.0.0.1:37543/images/huge.png',
            natural: { width: 1, height: 1 },
            displayed: { width: 900, height: 700 },
          },
        ],
      },
      {
        status: 'failed',
        message: '',
        spelling_issues: {
          hard: [{ word: 'tabels', count: 2, suggestions: ['tables', 'labels', 'babels'] }],
          soft: [],
        },
      },
      {
        status: 'failed',
        message: '',
        not_minified: [{ url: 'http://127.0.0.1:37543/jquery.js', size: 133379, savings: 98688 }],
        minified: ['http://127.0.0.1:37543/style.css'],
      },
      {
        status: 'failed',
        message: '',
        protocol: 'http/1.1',
        non_http2_resources: ['http://127.0.0.1:37543/style.css'],
      },
      {
        status: 'passed',
        message: '',
        ttfb: { total: 7, dns: null, connect: 1, tls: null, wait: 6 },
      },
      {
        status: 'passed',
        message: '',
        dom: { nodes: 29, depth: 8, max_children: 10, max_children_parent: 'body' },
      },
    ];
    const { container } = render(
      <div>
        {results.map((result, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
          <CheckData key={i} result={result} />
        ))}
      </div>,
    );
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/[{}[\]"]/);
    // Sizes of an image, in pixels, in their own cells.
    const images = screen.getByText('Low-resolution images').closest('section')!;
    expect(within(images).getByRole('columnheader', { name: 'Image size' })).toBeTruthy();
    expect(within(images).getByText('1 × 1 px')).toBeTruthy();
    expect(within(images).getByText('900 × 700 px')).toBeTruthy();
    // A list inside a record: the words, not an array.
    expect(screen.getByText('tables, labels, babels')).toBeTruthy();
    expect(screen.getByText('2 times')).toBeTruthy();
    // Sizes in the spec's units, labels spelt as people write them.
    expect(screen.getByText('130.3 Kb')).toBeTruthy();
    expect(screen.getByText('96.4 Kb')).toBeTruthy();
    expect(screen.getByText('Files not served over HTTP/2')).toBeTruthy();
    expect(screen.getByText('Time to First Byte (TTFB)')).toBeTruthy();
    expect(screen.getByText('DNS')).toBeTruthy();
    expect(screen.getByText('7 ms')).toBeTruthy();
    expect(screen.getByText('29 elements')).toBeTruthy();
    expect(screen.getByText('8 levels')).toBeTruthy();
    expect(screen.queryByText(/^(Lcp|Ttfb|Url|Dns|Http2)/)).toBeNull();
  });

  it('labels web vitals and page objects with their names and units', () => {
    render(
      <CheckData
        result={{
          status: 'passed',
          message: '',
          page_objects: {
            html: 1,
            css: 3,
            size_by_type: { javascript: 1229 },
            requests_by_type: { css: 3 },
            size_by_domain: {},
            requests_by_domain: {},
            broken_resources: {
              same_domain: [{ url: 'https://example.com/missing.css', status: 404, error: null }],
              other_domain: [],
            },
          },
        }}
      />,
    );
    expect(screen.getByText('HTML')).toBeTruthy();
    expect(screen.getByText('1 file')).toBeTruthy();
    expect(screen.getAllByText('3 requests')).toHaveLength(1);
    expect(screen.getByText('3 files')).toBeTruthy();
    expect(screen.getByText('1.2 Kb')).toBeTruthy();
    expect(screen.getByText('JavaScript')).toBeTruthy();
    expect(screen.getByText('Broken resources')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://example.com/missing.css' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
  });

  it('names a web vital by its full name and abbreviation, its parts in units', () => {
    render(
      <CheckData
        result={{
          status: 'passed',
          message: '',
          lcp: {
            duration: 512,
            node: 'img',
            text: null,
            url: null,
            phases: { ttfb: 40, load_delay: 12, load_duration: 300, render_delay: 160 },
          },
        }}
      />,
    );
    expect(screen.getByText('Largest Contentful Paint (LCP)')).toBeTruthy();
    expect(screen.getByText('0.51 s')).toBeTruthy();
    expect(screen.getByText('Render delay')).toBeTruthy();
    expect(screen.getByText('0.16 s')).toBeTruthy();
    expect(screen.getByText('40 ms')).toBeTruthy();
    expect(screen.getByText('Element')).toBeTruthy();
  });
});
