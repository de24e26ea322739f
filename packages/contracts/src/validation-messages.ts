import { z } from 'zod';

/**
 * The texts a field's limits are refused with, in the spec's voice ('This field is required',
 * 'Between 6 and 128 characters', 'Please enter a valid email'). Zod's own wording ("Too big:
 * expected string to have <=200 characters") is for developers; the server sends these texts in its
 * 400 answers and screens show them as they are, so every schema without a message of its own gets
 * one of these. A schema's own `error` still wins.
 */
export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  email: 'Please enter a valid email',
  url: 'Please enter a valid URL (https://…)',
  id: 'This is not a valid identifier',
  date: 'Please enter a valid date',
  format: 'This value is not in the expected format',
  invalid: 'This value is not valid',
  number: 'Please enter a number',
  wholeNumber: 'Please enter a whole number',
  text: 'Please enter text',
  yesNo: 'Please choose yes or no',
  list: 'Please give a list',
  object: 'Please give an object',
} as const;

type Issue = z.core.$ZodRawIssue;

function plural(count: number | bigint, one: string, many: string): string {
  return `${count} ${Number(count) === 1 ? one : many}`;
}

function unitOf(origin: string): { one: string; many: string } | null {
  if (origin === 'string') return { one: 'character', many: 'characters' };
  if (origin === 'array' || origin === 'set') return { one: 'item', many: 'items' };
  if (origin === 'file') return { one: 'byte', many: 'bytes' };
  return null;
}

function expectedType(expected: string): string {
  switch (expected) {
    case 'string':
      return VALIDATION_MESSAGES.text;
    case 'number':
    case 'bigint':
      return VALIDATION_MESSAGES.number;
    case 'int':
      return VALIDATION_MESSAGES.wholeNumber;
    case 'boolean':
      return VALIDATION_MESSAGES.yesNo;
    case 'array':
    case 'tuple':
      return VALIDATION_MESSAGES.list;
    case 'object':
    case 'record':
      return VALIDATION_MESSAGES.object;
    case 'date':
      return VALIDATION_MESSAGES.date;
    default:
      return VALIDATION_MESSAGES.invalid;
  }
}

function formatMessage(format: string): string {
  switch (format) {
    case 'email':
      return VALIDATION_MESSAGES.email;
    case 'url':
      return VALIDATION_MESSAGES.url;
    case 'uuid':
    case 'guid':
    case 'cuid':
    case 'cuid2':
    case 'ulid':
    case 'nanoid':
      return VALIDATION_MESSAGES.id;
    case 'datetime':
    case 'date':
    case 'time':
    case 'duration':
      return VALIDATION_MESSAGES.date;
    default:
      return VALIDATION_MESSAGES.format;
  }
}

/** The product's text for a refused value; every issue code has one, so zod's wording never shows. */
export function validationMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? VALIDATION_MESSAGES.required
        : expectedType(issue.expected);
    case 'too_small': {
      const unit = unitOf(issue.origin);
      const minimum = issue.minimum;
      if (unit && Number(minimum) <= 1 && issue.inclusive !== false) return VALIDATION_MESSAGES.required;
      if (unit) return `Minimum ${plural(minimum, unit.one, unit.many)}`;
      return issue.inclusive === false ? `Must be more than ${minimum}` : `Must be at least ${minimum}`;
    }
    case 'too_big': {
      const unit = unitOf(issue.origin);
      const maximum = issue.maximum;
      if (unit) return `Maximum ${plural(maximum, unit.one, unit.many)}`;
      return issue.inclusive === false ? `Must be less than ${maximum}` : `Must be at most ${maximum}`;
    }
    case 'invalid_format':
      return formatMessage(issue.format);
    case 'not_multiple_of':
      return Number(issue.divisor) === 1
        ? VALIDATION_MESSAGES.wholeNumber
        : `Must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `"${issue.keys[0]}" is not a field this form takes`
        : `${issue.keys.map((key) => `"${key}"`).join(', ')} are not fields this form takes`;
    case 'invalid_value':
      return issue.values.length <= 6
        ? `Please choose one of: ${issue.values.map(String).join(', ')}`
        : VALIDATION_MESSAGES.invalid;
    default:
      // custom refinements carry their own text; unions, keys and elements have none a person reads.
      return issue.code === 'custom' && typeof issue.message === 'string' && issue.message
        ? issue.message
        : VALIDATION_MESSAGES.invalid;
  }
}

z.config({ customError: validationMessage });
