import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckData, cloudFontSize, formatBytes, formatDuration } from './check-data';

describe('check data renderers', () => {
  it('writes sizes as B, Kb and Mb, and above 1 Gb as "> 1 Gb"', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 Kb');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.00 Mb');
    expect(formatBytes(2 * 1024 ** 3)).toBe('> 1 Gb');
  });

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
    expect(formatDuration(4.2)).toBe('4 ms');
    expect(formatDuration(118)).toBe('0.12 s');
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
});
