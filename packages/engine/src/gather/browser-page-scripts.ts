// Code that runs inside the page. Kept as strings so the bundler never rewrites it and so it
// sees only the page's globals.

/** A short name for an element in a report: tag, id and the first two classes (`a#shop.nav.top`). */
const SELECTOR = `(el) => {
    if (!el || !el.tagName) return '';
    const id = el.id ? '#' + el.id : '';
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
    return el.tagName.toLowerCase() + id + cls;
  }`;

/**
 * Installed in every frame before its scripts (a frame a script has just made included): no
 * WebRTC. ICE sends STUN over UDP and TURN over TCP straight to any address, around the guarded
 * proxy (SECURITY.md A5), and an audit never needs a peer connection. A data channel only comes
 * from a peer connection, and workers have no constructor of their own.
 */
export const NO_WEBRTC_SCRIPT = `
for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']) delete window[name];
`;

/**
 * Installed before any page script: web-vitals (attribution build) reporting every change, plus
 * long tasks (for TBT) and long animation frames (for script time by URL).
 */
export const COLLECT_SCRIPT = `
(() => {
  const state = (window.__sitelens = { lcp: null, rawLcp: null, cls: null, fcp: null, ttfb: null, longTasks: [], scripts: {} });
  // The LCP element's text as the report quotes it, whitespace collapsed.
  const lcpText = (el) => (el && el.textContent ? el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 200) : null);
  const nodeName = (el) => (el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') : null);
  // web-vitals' build is prepended to this script in the same init script, whose top-level
  // declarations stay local to it: webVitals is a variable here, not a property of window.
  const vitals = typeof webVitals === 'undefined' ? null : webVitals;
  if (vitals) {
    const opts = { reportAllChanges: true };
    vitals.onLCP((m) => {
      const a = m.attribution || {};
      state.lcp = {
        duration: m.value,
        node: a.target || null,
        text: lcpText(a.lcpEntry && a.lcpEntry.element),
        url: a.url || null,
        phases: { ttfb: a.timeToFirstByte, load_delay: a.resourceLoadDelay, load_duration: a.resourceLoadDuration, render_delay: a.elementRenderDelay },
      };
    }, opts);
    vitals.onCLS((m) => {
      const a = m.attribution || {};
      state.cls = { score: m.value, largestEntry: a.largestShiftValue ? { node: a.largestShiftTarget || null, value: a.largestShiftValue, time: a.largestShiftTime || 0 } : null };
    }, opts);
    vitals.onFCP((m) => { state.fcp = m.value; }, opts);
    vitals.onTTFB((m) => { state.ttfb = m.value; }, opts);
  }
  // web-vitals reports when the main thread is idle; this raw record is there if it never is.
  try {
    new PerformanceObserver((list) => {
      const e = list.getEntries().at(-1);
      if (e) state.rawLcp = { duration: e.startTime, node: nodeName(e.element), text: lcpText(e.element), url: e.url || null };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
  // Layout shifts in session windows (1 s gap, 5 s cap), the largest window counting, as CLS is defined.
  state.rawCls = { score: 0, current: 0, first: 0, last: 0, largest: null };
  try {
    new PerformanceObserver((list) => {
      const c = state.rawCls;
      for (const e of list.getEntries()) {
        // No input is ever sent, yet automated loads mark early shifts hadRecentInput: count them all,
        // as Lighthouse does when its trace has no real input.
        if (c.current && e.startTime - c.last < 1000 && e.startTime - c.first < 5000) c.current += e.value;
        else { c.current = e.value; c.first = e.startTime; }
        c.last = e.startTime;
        c.score = Math.max(c.score, c.current);
        if (!c.largest || e.value > c.largest.value) {
          const node = e.sources && e.sources[0] && e.sources[0].node;
          const el = node && node.nodeType === 1 ? node : node && node.parentElement;
          c.largest = { node: nodeName(el), value: e.value, time: e.startTime };
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries()) {
        for (const s of frame.scripts || []) {
          const url = s.sourceURL || '(inline)';
          state.scripts[url] = (state.scripts[url] || 0) + s.duration;
        }
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
})();
`;

/** Reads what COLLECT_SCRIPT gathered, after making web-vitals report final LCP and CLS. */
export const READ_SCRIPT = `
(async () => {
  try {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  } catch {}
  await new Promise((resolve) => setTimeout(resolve, 150));
  const s = window.__sitelens || { lcp: null, cls: null, fcp: null, ttfb: null, longTasks: [], scripts: {} };
  if (!s.lcp && s.rawLcp) s.lcp = { ...s.rawLcp, phases: null };
  if (s.rawCls && (!s.cls || s.rawCls.score >= s.cls.score)) {
    s.cls = { score: s.rawCls.score, largestEntry: s.rawCls.largest };
  }
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = s.fcp ?? (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null;
  const tbt = s.longTasks
    .filter((t) => fcp === null || t.start >= fcp)
    .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  const selector = ${SELECTOR};
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const images = [...document.images].slice(0, 200).map((img) => {
    const r = img.getBoundingClientRect();
    const top = r.top + window.scrollY;
    return {
      url: img.currentSrc || img.src,
      natural: { width: img.naturalWidth, height: img.naturalHeight },
      displayed: { width: Math.round(r.width), height: Math.round(r.height) },
      offscreen: top >= vh || r.width === 0 || r.height === 0,
      loading: img.loading === 'lazy' ? 'lazy' : img.getAttribute('loading') === 'eager' ? 'eager' : 'auto',
      fetchPriority: img.getAttribute('fetchpriority'),
      isLcp: !!(s.lcp && s.lcp.url && (img.currentSrc || img.src) === s.lcp.url),
    };
  });
  const overflowing = [];
  let chars = 0;
  let smallChars = 0;
  const walker = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    if (!text || !n.parentElement) continue;
    const style = getComputedStyle(n.parentElement);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    chars += text.length;
    if (parseFloat(style.fontSize) < 12) smallChars += text.length;
  }
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > vw + 1 && overflowing.length < 10 && getComputedStyle(el).position !== 'fixed') overflowing.push(selector(el));
  }
  const smallTargets = [];
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, [role=button]')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    // Links inside a sentence are exempt, as in WCAG 2.5.8.
    if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement && el.parentElement.textContent.trim().length > el.textContent.trim().length + 20) continue;
    if (r.width < 24 || r.height < 24) smallTargets.push(selector(el) + ' (' + Math.round(r.width) + '×' + Math.round(r.height) + ')');
    if (smallTargets.length >= 20) break;
  }
  return {
    lcp: s.lcp,
    cls: s.cls || { score: 0, largestEntry: null },
    fcp,
    ttfb: s.ttfb ?? (nav ? nav.responseStart : null),
    tbt: Math.round(tbt),
    loadTime: nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : null,
    domContentLoaded: nav && nav.domContentLoadedEventEnd > 0 ? nav.domContentLoadedEventEnd : null,
    scripts: s.scripts,
    images,
    layout: {
      documentWidth: Math.max(document.documentElement.scrollWidth, document.body ? document.body.scrollWidth : 0),
      overflowingNodes: overflowing,
      smallTextPct: chars ? Math.round((smallChars / chars) * 1000) / 10 : 0,
      smallTargets,
    },
  };
})()
`;

/** Whether an anchor's href resolves to an http(s) URL, one a crawler can follow. */
const WEB_HREF = `(a) => {
    const href = a.getAttribute('href');
    if (href === null) return false;
    try {
      const url = new URL(href, document.baseURI);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }`;

/**
 * The page's `<a>` elements (HTML and SVG), at most `limit`: those without an http(s) href first,
 * since they are the ones a crawler cannot follow, then the rest in document order. Returns the
 * nodes themselves, so the DevTools protocol can ask for each one's event listeners.
 */
export const ANCHOR_NODES_FUNCTION = `function (limit) {
  const web = ${WEB_HREF};
  const all = [...document.querySelectorAll('a')];
  return [...all.filter((a) => !web(a)), ...all.filter(web)].slice(0, limit);
}`;

/**
 * Called on the array ANCHOR_NODES_FUNCTION returned: what the report says of each anchor, and
 * whether its href leads to an http(s) URL (`web`).
 */
export const DESCRIBE_ANCHORS_FUNCTION = `function () {
  const selector = ${SELECTOR};
  const web = ${WEB_HREF};
  const text = (a) => {
    const own = (a.innerText ?? a.textContent ?? '').replace(/\\s+/g, ' ').trim();
    if (own) return own;
    const img = a.querySelector('img[alt]');
    return img ? img.getAttribute('alt').replace(/\\s+/g, ' ').trim() : '';
  };
  return this.map((a) => ({
    href: a.getAttribute('href'),
    text: text(a).slice(0, 200),
    role: a.getAttribute('role'),
    onclickAttribute: a.hasAttribute('onclick'),
    selector: selector(a),
    snippet: a.outerHTML.replace(/\\s+/g, ' ').slice(0, 200),
    web: web(a),
  }));
}`;
