import { defineCheck, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: offscreen images allowed to load eagerly. */
export const thresholds = { maxOffscreenEager: 3 };

const messages = {
  none: 'The page has no images.',
  ok: 'Images below the first screen load lazily, and the main image loads right away.',
  lcpLazy:
    'The largest image of the first screen ({url}) is lazy-loaded, which delays the main content; load it eagerly, ideally with fetchpriority="high".',
  eager:
    '{count?One image below the first screen loads|# images below the first screen load} right away; add loading="lazy" so they load as the visitor scrolls.',
};

export const imageLazyLoading = defineCheck({
  key: 'image-lazy-loading',
  title: 'Lazy loading',
  category: 'images',
  relevance: 4,
  scope: 'page',
  requires: ['browser'],
  description:
    'Images outside the first screen should wait until the visitor scrolls near them (<code>loading="lazy"</code>), so the first screen gets the bandwidth. The main (LCP) image must not wait.',
  recommendation:
    'Lazy-load images below the first screen, and load the main image eagerly with high priority.',
  howToFix:
    'Add <code>loading="lazy"</code> to <code>&lt;img&gt;</code> and <code>&lt;iframe&gt;</code> elements below the first screen. Remove it from the hero image and add <code>fetchpriority="high"</code> there instead. Keep width and height on lazy images so the page does not jump when they arrive.',
  evaluate({ browser }, { format }) {
    const images = browser.images.filter((i) => i.url && !i.url.startsWith('data:'));
    const offscreenEager = images.filter((i) => i.offscreen && i.loading !== 'lazy').map((i) => i.url);
    const lcp = images.find((i) => i.isLcp);
    const lcpLazy = lcp?.loading === 'lazy';
    const data = { offscreen_eager: offscreenEager, lcp_lazy: lcpLazy };
    if (images.length === 0) return notApplicable(messages.none, data);
    if (lcpLazy) return warning(format(messages.lcpLazy, { url: lcp!.url }), data);
    if (offscreenEager.length > thresholds.maxOffscreenEager)
      return warning(format(messages.eager, { count: offscreenEager.length }), data);
    return passed(messages.ok, data);
  },
});
