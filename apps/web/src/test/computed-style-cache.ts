/**
 * jsdom computes styles slowly: each `getComputedStyle` copies the element's declaration property
 * by property, and each value read resolves the cascade and walks the ancestors for inherited
 * properties. Testing Library's role queries ask for `display` and `visibility` of every candidate
 * and of each of its ancestors, and the accessible name asks again, so the same answers are
 * computed thousands of times per query; it was 40 % of the web suite's time.
 *
 * This keeps each element's answers for as long as jsdom keeps its own cache of computed
 * declarations: jsdom replaces that cache whenever a node, an attribute, a text or a style sheet of
 * the document changes, so an answer kept here is never older than the DOM it was computed from.
 */
const CACHED = Symbol.for('sitelens.computed-style-cache');

export function cacheComputedStyles(window: Window & typeof globalThis): void {
  // The setup file runs again before each test file of a worker, in the same window.
  if (CACHED in window.getComputedStyle) return;
  const documentImpl = jsdomImpl(window.document);
  if (!documentImpl || !('_styleCache' in documentImpl)) {
    throw new Error('jsdom no longer keeps Document._styleCache: update computed-style-cache.ts');
  }
  const compute = window.getComputedStyle.bind(window);
  let cache = new WeakMap<Element, CSSStyleDeclaration>();
  let validFor = documentImpl._styleCache;

  window.getComputedStyle = Object.assign(
    // jsdom has no pseudo-elements: for one it logs "not implemented" and answers with the
    // element's own declaration. This answers the same, without the log line.
    (element: Element, _pseudo?: string | null) => {
      if (documentImpl._styleCache !== validFor) {
        cache = new WeakMap();
        validFor = documentImpl._styleCache;
      }
      let answers = cache.get(element);
      if (!answers) {
        answers = remember(compute(element));
        cache.set(element, answers);
      }
      return answers;
    },
    { [CACHED]: true },
  );
}

/** jsdom keeps a wrapper's implementation under a symbol named "impl". */
function jsdomImpl(wrapper: object): { _styleCache: unknown } | undefined {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');
  return symbol ? (wrapper as Record<symbol, { _styleCache: unknown }>)[symbol] : undefined;
}

/** The declaration, answering each property once. */
function remember(declaration: CSSStyleDeclaration): CSSStyleDeclaration {
  const values = new Map<string, unknown>();
  const getPropertyValue = (property: string) => {
    const key = `getPropertyValue:${property}`;
    if (!values.has(key)) values.set(key, declaration.getPropertyValue(property));
    return values.get(key) as string;
  };
  // jsdom's methods check their receiver, so they are called on the declaration itself.
  return new Proxy(declaration, {
    get(target, property) {
      if (property === 'getPropertyValue') return getPropertyValue;
      if (typeof property !== 'string') return Reflect.get(target, property, target);
      if (values.has(property)) return values.get(property);
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value === 'function') return value.bind(target);
      values.set(property, value);
      return value;
    },
  });
}
