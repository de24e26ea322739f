import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune: share of text under 12 px (Lighthouse: 60 % must be legible). */
export const thresholds = { maxSmallTextPct: 40, maxSmallTargets: 0 };

const messages = {
  ok: 'Text is large enough on a phone and tap targets are at least 24×24 px.',
  problems: '{problems}.',
  smallText: '{pct} % of the text is smaller than 12 px on a phone',
  smallTargets: '{count} link(s) or button(s) are smaller than 24×24 px, hard to tap ({list})',
};

export const mobileLegibility = defineCheck({
  key: 'mobile-legibility',
  title: 'Font size & tap targets',
  category: 'mobile-rendering',
  relevance: 4,
  scope: 'page',
  requires: ['browser'],
  description:
    'On a phone screen, checks that most text is at least 12 px and that links and buttons are at least 24×24 CSS pixels (WCAG 2.2 target size), links inside sentences excepted.',
  recommendation: 'Use at least 16 px body text and make tap targets at least 24×24 px.',
  howToFix:
    'Set the body font size to 16 px or more with a <code>width=device-width</code> viewport, and avoid fixed small sizes for captions and footers. Give links and buttons padding so their box is at least 24×24 px (48×48 px is comfortable), and space small targets apart.',
  evaluate({ browser }, { format }) {
    const { smallTextPct, smallTargets } = browser.layout;
    const data = { small_text_pct: smallTextPct, small_targets: smallTargets };
    const problems: string[] = [];
    if (smallTextPct > thresholds.maxSmallTextPct)
      problems.push(format(messages.smallText, { pct: smallTextPct }));
    if (smallTargets.length > thresholds.maxSmallTargets)
      problems.push(
        format(messages.smallTargets, {
          count: smallTargets.length,
          list: smallTargets.slice(0, 3).join(', '),
        }),
      );
    if (problems.length === 0) return passed(messages.ok, data);
    const text = problems.join('; ');
    return warning(
      format(messages.problems, { problems: text.charAt(0).toUpperCase() + text.slice(1) }),
      data,
    );
  },
});
