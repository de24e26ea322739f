import { z } from 'zod';

/**
 * The days a query may name. Nothing the product measures is older than the Unix epoch (and
 * clients send 1970-01-01 to mean "from the start"); an end far ahead means "until now". Both
 * bounds keep the day after the end a date JavaScript and PostgreSQL agree on: ISO allows the
 * year 0000, which PostgreSQL does not have, and the day after 9999-12-31 has five digits.
 */
const EARLIEST_DAY = '1970-01-01';
const LATEST_DAY = '2999-12-31';

export const DATE_RANGE_MESSAGES = {
  outOfRange: 'Please enter a date between 1970 and 2999',
} as const;

/** A calendar day, YYYY-MM-DD, between 1970 and 2999. */
export const CalendarDateSchema = z.iso
  .date()
  // Four-digit years only, so the text compares as the day does.
  .refine((value) => value >= EARLIEST_DAY && value <= LATEST_DAY, DATE_RANGE_MESSAGES.outOfRange);

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
