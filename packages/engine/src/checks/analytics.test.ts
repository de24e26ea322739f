import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { analytics } from './analytics';
import { format } from './define-check';

const run = (head: string, body = '') =>
  analytics.evaluate(
    {
      document: parseDocument(
        `<html><head>${head}</head><body>${body}</body></html>`,
        'https://example.com/',
      ),
    },
    { format },
  );
const names = (head: string) =>
  ((run(head).data?.analytics_tools ?? []) as { name: string }[]).map((tool) => tool.name);

describe('analytics', () => {
  it('passes GA4 and reports its measurement id', () => {
    const result = run(
      `<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ"></script><script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js', new Date());gtag('config', 'G-ABC123XYZ');</script>`,
    );
    expect(result).toEqual({
      status: 'passed',
      message: 'Analytics found: Google Analytics 4.',
      data: { analytics_tools: [{ name: 'Google Analytics 4', id: 'G-ABC123XYZ' }] },
    });
  });

  it('finds a tag placed at the end of the body', () => {
    expect(
      run('', '<script defer src="https://cdn.usefathom.com/script.js" data-site="ABCDEFG"></script>').data,
    ).toEqual({
      analytics_tools: [{ name: 'Fathom', id: 'ABCDEFG' }],
    });
  });

  it.each([
    [
      '<script>(function(w,d,s,l,i){w[l]=w[l]||[];})(window,document,"script","dataLayer","GTM-ABCD12");</script>',
      'Google Tag Manager',
      'GTM-ABCD12',
    ],
    [
      '<script defer data-domain="example.com" src="https://plausible.io/js/script.js"></script>',
      'Plausible',
      'example.com',
    ],
    [
      '<script>var _paq = window._paq = []; _paq.push(["trackPageView"]); _paq.push(["setSiteId", "7"]);</script>',
      'Matomo',
      '7',
    ],
    [
      '<script defer src="https://cloud.umami.is/script.js" data-website-id="94db1cb1-74f4"></script>',
      'Umami',
      '94db1cb1-74f4',
    ],
    [
      '<script async src="https://scripts.simpleanalyticscdn.com/latest.js"></script>',
      'Simple Analytics',
      undefined,
    ],
    [
      `<script defer src="https://static.cloudflareinsights.com/beacon.min.js" data-cf-beacon='{"token": "0123abcd"}'></script>`,
      'Cloudflare Web Analytics',
      '0123abcd',
    ],
    [
      '<script>(function(c,l,a,r,i,t,y){t.src="https://www.clarity.ms/tag/"+i;})(window, document, "clarity", "script", "k2x9p1q0");</script>',
      'Microsoft Clarity',
      'k2x9p1q0',
    ],
    [
      '<script>(function(h,o,t,j,a,r){h._hjSettings={hjid:1234567,hjsv:6};})(window,document,"https://static.hotjar.com/c/hotjar-",".js?sv=");</script>',
      'Hotjar',
      '1234567',
    ],
    [
      '<script src="https://assets.adobedtm.com/launch-EN123.min.js" async></script>',
      'Adobe Analytics',
      undefined,
    ],
    [
      '<script>(function(m,e,t,r,i,k,a){})(window, document, "script", "https://mc.yandex.ru/metrika/tag.js", "ym"); ym(98765432, "init", {clickmap:true});</script>',
      'Yandex Metrica',
      '98765432',
    ],
    [
      '<script defer src="https://api.pirsch.io/pa.js" id="pianjs" data-code="abcDEF"></script>',
      'Pirsch',
      'abcDEF',
    ],
    [
      '<script data-goatcounter="https://woodline.goatcounter.com/count" async src="//gc.zgo.at/count.js"></script>',
      'GoatCounter',
      'woodline',
    ],
  ])('detects %#: %s', (head, name, id) => {
    const result = run(head);
    expect(result.status).toBe('passed');
    expect(result.data?.analytics_tools).toEqual([id ? { name, id } : { name }]);
  });

  it('lists every tool once, and a retired UA tag beside a current one', () => {
    const result = run(
      `<script src="https://www.googletagmanager.com/gtag/js?id=G-NEW1234"></script><script>gtag('config', 'G-NEW1234'); gtag('config', 'UA-123456-1');</script><script src="https://plausible.io/js/script.js"></script>`,
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'Analytics found: Google Analytics 4, Plausible. The old Universal Analytics tag (UA-123456-1) is retired and can be removed.',
    );
    expect(names(`<script src="https://plausible.io/js/script.js"></script>`.repeat(2))).toEqual([
      'Plausible',
    ]);
  });

  it('warns when only a retired Universal Analytics tag is there', () => {
    const result = run(
      `<script src="https://www.google-analytics.com/analytics.js"></script><script>ga('create', 'UA-12345-1', 'auto'); ga('send', 'pageview');</script>`,
    );
    expect(result).toEqual({
      status: 'warning',
      message:
        'Only a Universal Analytics tag (UA-12345-1) was found. Google retired Universal Analytics in July 2023, so this tag no longer records anything.',
      data: { analytics_tools: [{ name: 'Universal Analytics (retired)', id: 'UA-12345-1' }] },
    });
    expect(run('<script async src="https://www.google-analytics.com/analytics.js"></script>').data).toEqual({
      analytics_tools: [{ name: 'Universal Analytics (retired)', id: 'analytics.js' }],
    });
  });

  it('warns when there is none, ignoring mentions outside scripts', () => {
    expect(
      run('<script src="/app.js"></script>', '<p>We use G-ABC1234 and plausible.io/js/ in our docs.</p>'),
    ).toEqual({
      status: 'warning',
      message: 'No analytics tag was found: there is no way to measure visits, sources or conversions.',
      data: { analytics_tools: [] },
    });
  });
});
