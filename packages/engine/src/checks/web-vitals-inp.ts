import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune, in milliseconds: Total Blocking Time as INP's lab proxy. */
export const thresholds = { good: 200, poor: 600 };

const messages = {
  good: 'The main thread was blocked for {tbt} ms while loading (Total Blocking Time): the page responds quickly to taps.',
  slow: 'The main thread was blocked for {tbt} ms while loading; taps and clicks may wait. Aim for {good} ms or less.',
  poor: 'The main thread was blocked for {tbt} ms while loading, over {poor} ms: the page feels frozen when visitors tap.',
};

export const webVitalsInp = defineCheck({
  key: 'web-vitals-inp',
  title: 'Interaction to Next Paint',
  category: 'web-vitals',
  relevance: 7,
  scope: 'page',
  requires: ['browser'],
  timed: true,
  description:
    'Interaction to Next Paint (INP) measures how quickly the page answers taps, clicks and key presses; it needs real visitors to measure. This check uses the lab value from Chromium on a phone profile: Total Blocking Time, how long scripts kept the main thread busy during loading, judged with Lighthouse’s limits of 200 and 600 ms.',
  recommendation: 'Keep long JavaScript tasks short so the page answers input within 200 ms.',
  howToFix:
    'Find the heavy scripts (the JS execution check lists them). Load less JavaScript, defer what the first screen does not need, split long tasks (yield with <code>await scheduler.yield()</code> or <code>setTimeout</code>), move heavy work to a Web Worker, and remove or delay third-party tags (chat widgets, A/B testing, tag managers).',
  evaluate({ browser }, { format }) {
    const tbt = Math.round(browser.vitals.tbt);
    const data = { inp: { p75: null, source: 'lab-tbt' }, tbt };
    const values = { tbt, good: thresholds.good, poor: thresholds.poor };
    if (tbt > thresholds.poor) return failed(format(messages.poor, values), data);
    if (tbt > thresholds.good) return warning(format(messages.slow, values), data);
    return passed(format(messages.good, values), data);
  },
});
