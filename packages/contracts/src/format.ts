const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Dates everywhere in the product read 'MMM DD, YYYY', e.g. 'Nov 02, 2026' (in the viewer's time zone). */
export function formatDate(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${String(date.getDate()).padStart(2, '0')}, ${date.getFullYear()}`;
}

/** The time of day beside a date, 24-hour 'HH:mm', e.g. '14:05' (in the viewer's time zone). */
export function formatTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

export type ScoreBand = 'red' | 'amber' | 'green';

/** Score colours used everywhere: below 50 red, 50 to 74 amber, 75 and above green. */
export const SCORE_BANDS = {
  red: { below: 50, color: '#f5222d' },
  amber: { below: 75, color: '#faad14' },
  green: { below: Number.POSITIVE_INFINITY, color: '#52c41a' },
} as const;

export function scoreBand(score: number): ScoreBand {
  if (score < SCORE_BANDS.red.below) return 'red';
  return score < SCORE_BANDS.amber.below ? 'amber' : 'green';
}

export function scoreColor(score: number): string {
  return SCORE_BANDS[scoreBand(score)].color;
}

/** The average score of the top 100 most visited US sites, as reports show it (spec section 9). */
export const TOP_100_AVERAGE = 75;

/** How a score compares with the top-100 average; the spec tells apart < 50, 50–74, 75 and > 75. */
export function scoreVerdict(score: number): string {
  const average = `the average of the top 100 most visited US sites (${TOP_100_AVERAGE})`;
  if (score < 50) return `This page scores well below ${average}: it needs significant SEO work.`;
  if (score < TOP_100_AVERAGE) return `This page scores below ${average}: there is room for improvement.`;
  if (score === TOP_100_AVERAGE) return `This page scores on par with ${average}.`;
  return `This page scores above ${average}. Well done!`;
}

/**
 * "1 page", "2 pages", "1,204 URLs": a count with its noun in the right number, grouped as in en-US.
 * `many` defaults to the noun with an s.
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
