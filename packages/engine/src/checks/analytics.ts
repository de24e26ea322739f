import { defineCheck, passed, warning } from './define-check';

const messages = {
  ok: 'Analytics found: {tools}.',
  alsoRetired:
    'Analytics found: {tools}. The old Universal Analytics tag ({id}) is retired and can be removed.',
  uaOnly:
    'Only a Universal Analytics tag ({id}) was found. Google retired Universal Analytics in July 2023, so this tag no longer records anything.',
  none: 'No analytics tag was found: there is no way to measure visits, sources or conversions.',
};

/** One analytics tool found on the page, with its account or site id when the snippet shows it. */
export interface AnalyticsTool {
  name: string;
  id?: string;
}

interface ToolPattern {
  name: string;
  /** Matched against each script's src, its data-* attributes and its inline text. */
  pattern: RegExp;
  /** First capture group is the id. */
  id?: RegExp;
}

export const UNIVERSAL_ANALYTICS = 'Universal Analytics (retired)';

const TOOLS: ToolPattern[] = [
  {
    name: 'Google Analytics 4',
    pattern: /googletagmanager\.com\/gtag\/js\?[^"'\s]*id=G-|gtag\(\s*['"]config['"]\s*,\s*['"]G-/i,
    id: /\b(G-[A-Z0-9]{4,})\b/,
  },
  {
    name: 'Google Tag Manager',
    pattern: /googletagmanager\.com\/gtm\.js|['"]GTM-[A-Z0-9]{4,}['"]|[?&]id=GTM-[A-Z0-9]{4,}/,
    id: /\b(GTM-[A-Z0-9]{4,})\b/,
  },
  {
    name: 'Matomo',
    pattern: /\/(?:matomo|piwik)\.(?:js|php)|_paq\.push|cdn\.matomo\.cloud/i,
    id: /setSiteId['"]\s*,\s*['"]?(\d+)/,
  },
  {
    name: 'Plausible',
    pattern: /plausible\.io\/js\/|\/js\/plausible\.|window\.plausible\b/i,
    id: /data-domain=(\S+)/,
  },
  {
    name: 'Umami',
    pattern: /umami\.is\/script\.js|\/umami\.js|data-website-id=/i,
    id: /data-website-id=(\S+)/,
  },
  { name: 'Fathom', pattern: /cdn\.usefathom\.com|fathom\.trackPageview/i, id: /data-site=(\S+)/ },
  { name: 'Simple Analytics', pattern: /simpleanalyticscdn\.com|simpleanalytics\.com\/(?:latest|app)\.js/i },
  {
    name: 'Cloudflare Web Analytics',
    pattern: /static\.cloudflareinsights\.com\/beacon/i,
    id: /"token"\s*:\s*"([0-9a-f]+)"/i,
  },
  {
    name: 'Microsoft Clarity',
    pattern: /clarity\.ms\/tag\//i,
    // The snippet passes the project id as its last argument: (window, document, "clarity", "script", "id").
    id: /(?:clarity\.ms\/tag\/|["']script["']\s*,\s*["'])([a-z0-9]{6,})/i,
  },
  { name: 'Hotjar', pattern: /static\.hotjar\.com|_hjSettings/i, id: /hjid\s*:\s*(\d+)/ },
  {
    name: 'Adobe Analytics',
    pattern: /assets\.adobedtm\.com|\.omtrdc\.net|\/s_code\.js|AppMeasurement\.js/i,
  },
  {
    name: 'Yandex Metrica',
    pattern: /mc\.yandex\.(?:ru|com)\/metrika|\bym\(\s*\d+\s*,\s*['"]init/i,
    id: /\bym\(\s*(\d+)\s*,\s*['"]init/,
  },
  { name: 'Pirsch', pattern: /api\.pirsch\.io\/|pirsch(?:-extended)?\.js/i, id: /data-code=(\S+)/ },
  {
    name: 'GoatCounter',
    pattern: /gc\.zgo\.at\/count\.js|data-goatcounter=/i,
    id: /https?:\/\/([\w-]+)\.goatcounter\.com/,
  },
];

// analytics.js / ga.js, or a UA- property in gtag or ga('create'): both stopped collecting in 2023.
const UNIVERSAL = /google-analytics\.com\/(?:analytics|ga|urchin)\.js|\bUA-\d{4,10}-\d{1,4}\b/;
const UA_ID = /\bUA-\d{4,10}-\d{1,4}\b/;

/** What a script tells about analytics: its src, its data-* attributes and its inline code. */
function scriptText(src: string, attribs: Record<string, string>, code: string): string {
  const data = Object.entries(attribs)
    .filter(([name]) => name.startsWith('data-'))
    .map(([name, value]) => `${name}=${value}`);
  return [src, ...data, code].join('\n');
}

export const analytics = defineCheck({
  key: 'analytics',
  title: 'Analytics present',
  category: 'common-seo',
  relevance: 2,
  scope: 'page',
  requires: ['document'],
  description:
    'Looks for a web analytics tag (Google Analytics 4, Google Tag Manager, Matomo, Plausible, Umami, Fathom, Simple Analytics, Cloudflare Web Analytics, Microsoft Clarity, Hotjar, Adobe, Yandex Metrica, Pirsch, GoatCounter) in the page’s scripts. Without one you cannot see which searches and pages bring visitors, or whether SEO changes work.',
  recommendation: 'Add a web analytics tool to every page, and replace a Universal Analytics tag with GA4.',
  howToFix:
    'Choose a tool: Google Analytics 4 (free), or a privacy-friendly one such as Matomo, Plausible, Umami or Fathom that may not need a cookie banner. Paste its snippet into the <code>&lt;head&gt;</code> of the site template, or add it through Google Tag Manager or your CMS’s integration, so it is on every page. If the page still loads <code>analytics.js</code> with a <code>UA-</code> property, create a GA4 property, install its <code>gtag.js</code> snippet (<code>G-</code> id) and remove the old one: Universal Analytics no longer collects data.',
  evaluate({ document: { $ } }, { format }) {
    const scripts = $('script')
      .toArray()
      .map((el) => scriptText($(el).attr('src') ?? '', el.attribs, $(el).text()));
    const found = new Map<string, AnalyticsTool>();
    for (const script of scripts) {
      for (const tool of TOOLS) {
        if (!tool.pattern.test(script)) continue;
        const id = tool.id?.exec(script)?.[1]?.replace(/^["']|["']$/g, '');
        const known = found.get(tool.name);
        if (!known) found.set(tool.name, id ? { name: tool.name, id } : { name: tool.name });
        else if (!known.id && id) known.id = id;
      }
    }
    const universal = scripts.some((script) => UNIVERSAL.test(script))
      ? (scripts.map((script) => UA_ID.exec(script)?.[0]).find(Boolean) ?? 'analytics.js')
      : null;

    const tools = [...found.values()];
    if (tools.length > 0) {
      const names = tools.map((tool) => tool.name).join(', ');
      if (!universal) return passed(format(messages.ok, { tools: names }), { analytics_tools: tools });
      return passed(format(messages.alsoRetired, { tools: names, id: universal }), {
        analytics_tools: [...tools, { name: UNIVERSAL_ANALYTICS, id: universal }],
      });
    }
    if (universal)
      return warning(format(messages.uaOnly, { id: universal }), {
        analytics_tools: [{ name: UNIVERSAL_ANALYTICS, id: universal }],
      });
    return warning(messages.none, { analytics_tools: [] });
  },
});
