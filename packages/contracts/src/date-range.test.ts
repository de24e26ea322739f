import { describe, expect, it } from 'vitest';
import { CalendarDateSchema } from './date-range';
// Through the package's entry, which sets the product's wording for refusals, as the server reads it.
import {
  CompetitorOverviewsQuerySchema,
  LoadingTimeQuerySchema,
  OutageListQuerySchema,
  OverviewsQuerySchema,
  PositionTrendQuerySchema,
} from './index';

const OUT_OF_RANGE = 'Please enter a date between 1970 and 2999';

describe('a day a query names', () => {
  it('is a day between 1970 and 2999', () => {
    for (const day of ['1970-01-01', '2026-11-29', '2999-12-31'])
      expect(CalendarDateSchema.safeParse(day).success, day).toBe(true);
    for (const day of ['0000-01-01', '1969-12-31', '3000-01-01', '9999-12-31']) {
      const result = CalendarDateSchema.safeParse(day);
      expect(
        result.error?.issues.map((issue) => issue.message),
        day,
      ).toEqual([OUT_OF_RANGE]);
    }
    for (const day of ['+275760-09-13', '9999-12-31T23:59:59Z', '2026-02-30'])
      expect(CalendarDateSchema.safeParse(day).success, day).toBe(false);
  });

  it('is refused outside that range by every query that takes one, naming the field', () => {
    // The year 0000 (PostgreSQL has none) and 9999 (the day after has five digits) answered 500.
    const queries = [
      [OutageListQuerySchema, { url: 'https://example.com/' }],
      [LoadingTimeQuerySchema, { url: 'https://example.com/', region: 'us-east-1' }],
      [
        PositionTrendQuerySchema,
        { phrase: 'seo', domain: 'example.com', location: 'United States', language: 'en' },
      ],
      [OverviewsQuerySchema, { start_date: '2026-01-01', end_date: '2026-01-31' }],
      [
        CompetitorOverviewsQuerySchema,
        { urls: 'https://example.com/', start_date: '2026-01-01', end_date: '2026-01-31' },
      ],
    ] as const;
    for (const [schema, valid] of queries) {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const field of ['start_date', 'end_date'])
        for (const day of ['0000-01-01', '9999-12-31']) {
          const result = schema.safeParse({ ...valid, [field]: day });
          expect(result.error?.issues, `${field} ${day}`).toEqual([
            expect.objectContaining({ path: [field], message: OUT_OF_RANGE }),
          ]);
        }
    }
  });
});
