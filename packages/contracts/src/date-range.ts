/**
 * The check of a query's optional `start_date` and `end_date` (YYYY-MM-DD): the start is not after
 * the end. For `.refine(...startNotAfterEnd)`.
 */
export const startNotAfterEnd: [
  (q: { start_date?: string; end_date?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (q) => !q.start_date || !q.end_date || q.start_date <= q.end_date,
  { message: 'start_date must not be after end_date', path: ['start_date'] },
];
