import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import { VALIDATION_MESSAGES } from './validation-messages';

/** Zod's own English (its `en` locale): none of it may reach a person. */
const ZOD_WORDING =
  /Invalid input|Too (big|small): |Invalid option|Unrecognized keys?:|Invalid (key|element) in|Invalid string: |Invalid number: |^Invalid (URL|UUID|email address|ISO .*|date|GUID)$|expected (string|number|array|object|boolean)/;

const LONG = 'x'.repeat(5_000);

/** Values past every kind of limit a field can have. */
const PROBES: unknown[] = [
  undefined,
  null,
  '',
  LONG,
  `https://${LONG}.example`,
  -1,
  1e15,
  0.5,
  true,
  [],
  Array.from({ length: 2_000 }, () => LONG),
  {},
];

function objectProbes(schema: z.ZodObject): Record<string, unknown>[] {
  const keys = Object.keys(schema.shape);
  return [
    ...PROBES.map((value) => Object.fromEntries(keys.map((key) => [key, value]))),
    { unknown_field: 1 },
  ];
}

function messagesFor(schema: z.ZodType): string[] {
  const inputs = schema instanceof z.ZodObject ? [...PROBES, ...objectProbes(schema)] : PROBES;
  return inputs.flatMap((input) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  });
}

const schemas = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

describe('validation messages', () => {
  it('finds the schemas it walks', () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  it('refuses every exported schema past its limits in the product’s words, never zod’s', () => {
    const leaks: string[] = [];
    let refusals = 0;
    for (const [name, schema] of schemas) {
      for (const message of messagesFor(schema)) {
        refusals += 1;
        if (ZOD_WORDING.test(message)) leaks.push(`${name}: ${message}`);
      }
    }
    expect(refusals).toBeGreaterThan(1_000);
    expect([...new Set(leaks)]).toEqual([]);
  });

  it('words each limit as the spec does', () => {
    const keyword = contracts.AddTrackedKeywordsBodySchema.safeParse({
      domain: 'example.com',
      location_name: 'United States',
      language_code: 'en',
      keywords: ['x'.repeat(201)],
    });
    expect(keyword.error?.issues.map((issue) => issue.message)).toContain('Maximum 200 characters');
    expect(z.string().min(1).safeParse('').error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.required);
    expect(z.string().min(6).safeParse('abc').error?.issues[0]?.message).toBe('Minimum 6 characters');
    expect(z.object({ a: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(
      VALIDATION_MESSAGES.required,
    );
    expect(z.email().safeParse('nope').error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.email);
    expect(z.array(z.string()).max(1).safeParse(['a', 'b']).error?.issues[0]?.message).toBe('Maximum 1 item');
    expect(z.number().int().safeParse(1.5).error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.wholeNumber);
    expect(z.enum(['daily', 'weekly']).safeParse('hourly').error?.issues[0]?.message).toBe(
      'Please choose one of: daily, weekly',
    );
    // A schema's own text still wins.
    expect(
      z.string().min(1, { error: 'Team name is required' }).safeParse('').error?.issues[0]?.message,
    ).toBe('Team name is required');
  });
});
