import type { OverviewRow } from '@sitelens/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriesColor } from './palette';
import { chartSeries, ScoreProgressChart } from './score-progress-chart';

let n = 0;
const row = (url: string, created_at: string, score: number): OverviewRow => ({
  guid: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  url,
  created_at,
  score,
  passed: 10,
  warning: 2,
  failed: 1,
});

const chart = () => screen.getByRole('figure', { name: 'SEO Score Progress' });
const legendItems = () =>
  [...chart().querySelectorAll('.recharts-legend-item')].map((item) => item.textContent);

describe('the SEO score progress chart', () => {
  it('draws a line per URL, named in the legend, the site first in the first colour', () => {
    render(
      <ScoreProgressChart
        main={[
          row('https://example.com/', '2025-03-02T10:00:00Z', 71),
          row('https://example.com/', '2025-03-09T10:00:00Z', 78),
        ]}
        competitors={[
          row('https://rival.test/', '2025-03-04T08:00:00Z', 64),
          row('https://other.test/', '2025-03-05T08:00:00Z', 90),
        ]}
      />,
    );
    expect(legendItems()).toEqual(['https://example.com/', 'https://rival.test/', 'https://other.test/']);
    const lines = chart().querySelectorAll('.recharts-line-curve');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toHaveAttribute('stroke', seriesColor(0));
    // Dates on the time axis read 'MMM DD, YYYY'.
    expect(within(chart()).getByText('Mar 02, 2025')).toBeInTheDocument();
  });

  it('draws the site alone when there are no competitors', () => {
    render(
      <ScoreProgressChart
        main={[row('https://example.com/', '2025-03-02T10:00:00Z', 71)]}
        competitors={[]}
      />,
    );
    expect(legendItems()).toEqual(['https://example.com/']);
    expect(chart().querySelectorAll('.recharts-line')).toHaveLength(1);
  });
});

describe('chartSeries', () => {
  it('puts every URL on one time axis, each score under its series, one tick per day', () => {
    const { names, points, ticks } = chartSeries([
      row('https://a.test/', '2025-03-02T10:00:00Z', 50),
      row('https://b.test/', '2025-03-01T10:00:00Z', 60),
      row('https://a.test/', '2025-03-02T15:00:00Z', 55),
    ]);
    const [first, second, third] = [
      Date.parse('2025-03-01T10:00:00Z'),
      Date.parse('2025-03-02T10:00:00Z'),
      Date.parse('2025-03-02T15:00:00Z'),
    ];
    expect(names).toEqual(['https://a.test/', 'https://b.test/']);
    expect(points).toEqual([
      { time: first, s1: 60 },
      { time: second, s0: 50 },
      { time: third, s0: 55 },
    ]);
    expect(ticks).toEqual([first, second]);
  });

  it('tells checkups of a single day apart by their time of day', () => {
    const morning = new Date(2025, 2, 2, 9, 30).toISOString();
    const evening = new Date(2025, 2, 2, 18, 5).toISOString();
    const { ticks, tickLabel } = chartSeries([
      row('https://a.test/', morning, 50),
      row('https://a.test/', evening, 55),
    ]);
    expect(ticks.map(tickLabel)).toEqual(['09:30', '18:05']);
    const days = chartSeries([
      row('https://a.test/', morning, 50),
      row('https://a.test/', new Date(2025, 2, 4, 9, 30).toISOString(), 55),
    ]);
    expect(days.ticks.map(days.tickLabel)).toEqual(['Mar 02, 2025', 'Mar 04, 2025']);
  });
});
