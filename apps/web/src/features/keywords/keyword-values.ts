// How the keyword screens write their numbers (spec 2.6: en-US; nulls show '-').

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const orDash =
  (format: (value: number) => string) =>
  (value: number | null | undefined): string =>
    value === null || value === undefined ? '-' : format(value);

/** A count or volume: '12,345'; null '-'. */
export const formatCount = orDash((value) => whole.format(value));
/** A cost per click: '$1.20'; null '-'. */
export const formatCpc = orDash((value) => usd.format(value));
/** Paid competition, 0 to 1: '0.45'; null '-'. */
export const formatCompetition = orDash((value) => twoDecimals.format(value));
/** An average position: '12.3'; null '-'. */
export const formatAveragePosition = orDash((value) => oneDecimal.format(value));
