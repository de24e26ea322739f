import type { ArtifactName, Artifacts } from '../artifacts';
import type { CategoryKey } from '../categories';

/** The three verdicts a page can get from a check. */
export type CheckStatus = 'passed' | 'warning' | 'failed';

/**
 * What a check returns: a verdict, a message for the site owner, and the check's own result fields.
 * `skipped` is for a check that does not apply to this site (no ads and no ads.txt): left out of
 * the score, like a check whose artifact is missing.
 */
export interface CheckOutcome {
  status: CheckStatus | 'skipped';
  message: string;
  /** Result fields named by the spec (snake_case), e.g. `title_length`. */
  data?: Record<string, unknown>;
}

/** Where a check's verdict applies: one page, the whole origin ([S]) or the whole crawl ([C]). */
export type CheckScope = 'page' | 'origin' | 'crawl';

export interface CheckMeta<R extends ArtifactName = ArtifactName, O extends ArtifactName = ArtifactName> {
  /** Equals the file name: `meta-title` lives in `checks/meta-title.ts`. */
  key: string;
  title: string;
  category: CategoryKey;
  /** Weight in the score, 0–10. */
  relevance: number;
  /** What the check looks at and why it matters (the report's tooltip). HTML allowed. */
  description: string;
  /** One sentence on what to do when it does not pass. */
  recommendation: string;
  /** Step-by-step fix for a site owner. HTML allowed. */
  howToFix: string;
  scope: CheckScope;
  /** Artifacts the check reads; it is skipped when one of them could not be gathered. */
  requires: readonly R[];
  /** Artifacts the check reads when this run has them (Chromium's pass); without them it still runs. */
  optional?: readonly O[];
  /**
   * The check reads the page's body through `page.html` (not through `document`), so it is not
   * judged on an error page, like every check that reads the parsed document.
   */
  readsBody?: boolean;
  /**
   * The verdict rests on one timing: of the page's answer (it requires `page` alone) or of its
   * load in Chromium (it requires `browser`). A crawl that finds it not passed measures the page
   * once more and keeps the better verdict.
   */
  timed?: boolean;
}

export interface CheckContext {
  /** Replaces `{name}` placeholders in a message. */
  format(template: string, values: Record<string, string | number>): string;
}

export interface Check<R extends ArtifactName = ArtifactName, O extends ArtifactName = ArtifactName>
  extends CheckMeta<R, O> {
  evaluate(artifacts: Pick<Artifacts, R> & Partial<Pick<Artifacts, O>>, context: CheckContext): CheckOutcome;
}

/** Every artifact a check may read: the ones it requires and the ones it takes when there. */
export const artifactsRead = (check: Check): readonly ArtifactName[] => [
  ...check.requires,
  ...(check.optional ?? []),
];

/** Declares a check; `requires` and `optional` type the artifacts `evaluate` may read. */
export function defineCheck<R extends ArtifactName, O extends ArtifactName = never>(
  check: Check<R, O>,
): Check<R, O> {
  return check;
}

export const passed = (message: string, data?: Record<string, unknown>): CheckOutcome => ({
  status: 'passed',
  message,
  ...(data ? { data } : {}),
});
export const warning = (message: string, data?: Record<string, unknown>): CheckOutcome => ({
  status: 'warning',
  message,
  ...(data ? { data } : {}),
});
export const failed = (message: string, data?: Record<string, unknown>): CheckOutcome => ({
  status: 'failed',
  message,
  ...(data ? { data } : {}),
});

export const notApplicable = (message: string, data?: Record<string, unknown>): CheckOutcome => ({
  status: 'skipped',
  message,
  ...(data ? { data } : {}),
});

/**
 * Fills `{name}` with its value. `{name?one|many}` says a count the way a person writes it: `one`
 * when the value is 1, else `many`, with `#` standing for the number ("{total?The one image
 * has|All # images have} alt text." — never "All 1 images").
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template
    .replace(
      /\{(\w+)\?((?:[^{}|]|\{\w+\})*)\|((?:[^{}]|\{\w+\})*)\}/g,
      (whole, name: string, one: string, many: string) =>
        name in values
          ? (Number(values[name]) === 1 ? one : many).replaceAll('#', String(values[name]))
          : whole,
    )
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A duration in milliseconds as the messages write it: seconds with two decimals ("1.25"). */
export const seconds = (ms: number): string => (ms / 1000).toFixed(2);
