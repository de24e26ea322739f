import type { CheerioAPI } from 'cheerio/slim';
import { SCHEMA_FAMILIES, SCHEMA_TYPES, schemaName } from '../html/schema-org';
import { type CheckContext, defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune: how many items the result lists. */
export const thresholds = { maxListed: 50 };

type Format = 'json-ld' | 'microdata' | 'rdfa';
interface Item {
  format: Format;
  /** schema.org type names, or raw values from another vocabulary. */
  types: string[];
  /** Property names present with a value. */
  properties: Set<string>;
  errors: string[];
  warnings: string[];
  /** Without a schema.org @context or vocab the types mean nothing to search engines. */
  unresolved?: boolean;
}

// Google's rich-result requirements for the commonest types; [a, b] means "a or b".
const RULES: {
  family: ReadonlySet<string>;
  label: string;
  required: (string | string[])[];
  recommended: string[];
}[] = [
  {
    family: SCHEMA_FAMILIES.product,
    label: 'Product',
    required: ['name', ['offers', 'review', 'aggregateRating']],
    recommended: ['image', 'description'],
  },
  {
    family: SCHEMA_FAMILIES.article,
    label: 'Article',
    required: ['headline'],
    recommended: ['image', 'datePublished', 'author'],
  },
  {
    family: new Set(['BreadcrumbList']),
    label: 'BreadcrumbList',
    required: ['itemListElement'],
    recommended: [],
  },
  { family: new Set(['FAQPage']), label: 'FAQPage', required: ['mainEntity'], recommended: [] },
  {
    family: SCHEMA_FAMILIES.organization,
    label: 'Organization',
    required: ['name'],
    recommended: ['url', 'logo'],
  },
  {
    family: SCHEMA_FAMILIES.localBusiness,
    label: 'LocalBusiness',
    required: ['name', 'address'],
    recommended: ['telephone', 'url'],
  },
  {
    family: new Set(['Recipe']),
    label: 'Recipe',
    required: ['name', 'image'],
    recommended: ['recipeIngredient', 'recipeInstructions'],
  },
  {
    family: SCHEMA_FAMILIES.event,
    label: 'Event',
    required: ['name', 'startDate', 'location'],
    recommended: ['description', 'image', 'endDate'],
  },
];

const messages = {
  none: 'The page has no structured data; rich results (stars, prices, breadcrumbs, FAQs) need it.',
  errors:
    '{total?The one structured data item has|{count} of # structured data items have} errors, e.g. {example}',
  warnings:
    '{total?The one structured data item has|{count} of # structured data items have} warnings, e.g. {example}',
  ok: 'Found {total?one valid structured data item|# valid structured data items}: {types}.',
  invalidJson: 'The JSON-LD block is not valid JSON ({reason}).',
  noType: 'The item has no type.',
  noContext: 'The JSON-LD has no schema.org @context, so its types are not read as schema.org.',
  noVocab:
    'The RDFa item has no vocab="https://schema.org/" (or schema: prefix), so its type is not read as schema.org.',
  otherVocabulary:
    'The type {type} is not from schema.org; data-vocabulary.org and other retired vocabularies are ignored.',
  unknownType: '{type} is not a known schema.org type; check its spelling and case.',
  missing: '{type} is missing the required property {property}.',
  recommended: '{type} is missing the recommended property {property}.',
};

const hasValue = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const mentionsSchemaOrg = (context: unknown): boolean =>
  typeof context === 'string'
    ? /schema\.org/i.test(context)
    : Array.isArray(context)
      ? context.some(mentionsSchemaOrg)
      : isObject(context) && Object.values(context).some(mentionsSchemaOrg);

function jsonLdItems($: CheerioAPI, format: CheckContext['format']): Item[] {
  const items: Item[] = [];
  $('script[type]').each((_, el) => {
    if (!/^application\/ld\+json\b/i.test($(el).attr('type')!.trim())) return;
    // Some CMSs wrap the JSON in an HTML comment or CDATA section; browsers and Google tolerate it.
    const text = $(el)
      .text()
      .trim()
      .replace(/^(<!--|\/\/\s*<!\[CDATA\[)|(-->|\/\/\s*\]\]>)$/g, '')
      .trim();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      const reason = (error as Error).message;
      items.push({
        format: 'json-ld',
        types: [],
        properties: new Set(),
        errors: [format(messages.invalidJson, { reason })],
        warnings: [],
      });
      return;
    }
    const add = (node: unknown, context: unknown) => {
      if (Array.isArray(node)) {
        for (const child of node) add(child, context);
        return;
      }
      if (!isObject(node)) return;
      const ownContext = node['@context'] ?? context;
      if (node['@graph'] !== undefined) {
        add(node['@graph'], ownContext);
        if (node['@type'] === undefined) return;
      }
      const rawTypes = ([] as unknown[])
        .concat(node['@type'] ?? [])
        .filter((t): t is string => typeof t === 'string');
      const item: Item = { format: 'json-ld', types: [], properties: new Set(), errors: [], warnings: [] };
      const absolute = rawTypes.length > 0 && rawTypes.every((t) => /^https?:|^schema:/i.test(t));
      if (rawTypes.length > 0 && !absolute && !mentionsSchemaOrg(ownContext)) {
        item.warnings.push(messages.noContext);
        item.unresolved = true;
      }
      item.types = rawTypes.map((t) => schemaName(t) ?? t);
      for (const [key, value] of Object.entries(node))
        if (!key.startsWith('@') && hasValue(value)) item.properties.add(schemaName(key) ?? key);
      items.push(item);
    };
    add(json, undefined);
  });
  return items;
}

function markupItems($: CheerioAPI, kind: 'microdata' | 'rdfa'): Item[] {
  const scope = kind === 'microdata' ? 'itemscope' : 'typeof';
  const prop = kind === 'microdata' ? 'itemprop' : 'property';
  const items: Item[] = [];
  // Nested items (those that are themselves a property) belong to their parent.
  $(`[${scope}]`)
    .filter((_, el) => $(el).attr(prop) === undefined)
    .each((_, el) => {
      const $item = $(el);
      const properties = new Set<string>();
      $item.find(`[${prop}]`).each((_, child) => {
        if ($(child).parent().closest(`[${scope}]`)[0] !== el) return;
        for (const name of $(child).attr(prop)!.trim().split(/\s+/)) properties.add(schemaName(name) ?? name);
      });
      const raw = ($item.attr(kind === 'microdata' ? 'itemtype' : 'typeof') ?? '').trim();
      const vocab = kind === 'rdfa' ? ($item.closest('[vocab]').attr('vocab') ?? '') : '';
      const item: Item = { format: kind, types: [], properties, errors: [], warnings: [] };
      if (kind === 'rdfa' && !vocab && /(^|\s)[^:\s]+(\s|$)/.test(raw)) {
        item.warnings.push(messages.noVocab);
        item.unresolved = true;
      }
      item.types = raw
        .split(/\s+/)
        .filter(Boolean)
        .map((type) => {
          // RDFa types without a prefix take the nearest vocab="https://schema.org/".
          if (kind === 'rdfa' && !/^[a-z]+:/i.test(type))
            return /schema\.org/i.test(vocab) ? type : `${vocab}${type}`;
          return schemaName(type) ?? type;
        });
      items.push(item);
    });
  return items;
}

function judge(item: Item, format: CheckContext['format']): void {
  if (item.errors.length > 0 || item.unresolved) return;
  if (item.types.length === 0) {
    item.warnings.push(messages.noType);
    return;
  }
  for (const type of item.types) {
    if (/^[a-z]+:|^\//i.test(type)) item.warnings.push(format(messages.otherVocabulary, { type }));
    else if (!SCHEMA_TYPES.has(type)) item.warnings.push(format(messages.unknownType, { type }));
  }
  // A LocalBusiness is also an Organization; judge it by the stricter rule only.
  const rules = RULES.filter(({ family }) => item.types.some((type) => family.has(type)));
  const applied = rules.some(({ label }) => label === 'LocalBusiness')
    ? rules.filter(({ label }) => label !== 'Organization')
    : rules;
  const type = item.types.join(', ');
  for (const rule of applied) {
    for (const required of rule.required) {
      const options = ([] as string[]).concat(required);
      if (!options.some((name) => item.properties.has(name)))
        item.errors.push(format(messages.missing, { type, property: options.join(' or ') }));
    }
    for (const property of rule.recommended)
      if (!item.properties.has(property))
        item.warnings.push(format(messages.recommended, { type, property }));
  }
}

export const structuredData = defineCheck({
  key: 'structured-data',
  title: 'Structured data',
  category: 'advanced',
  relevance: 6,
  scope: 'page',
  requires: ['document'],
  description:
    'Structured data (schema.org in JSON-LD, Microdata or RDFa) describes the page’s content to search engines in a form they can rely on: a product’s price, an article’s author, an event’s date. It makes the page eligible for rich results such as review stars, breadcrumbs and FAQs.',
  recommendation:
    'Describe the page’s main content with schema.org JSON-LD that parses and has the required properties.',
  howToFix:
    'Add a <code>&lt;script type="application/ld+json"&gt;</code> block with <code>"@context": "https://schema.org"</code> and the <code>@type</code> that fits the page (Product, Article, LocalBusiness, Event, Recipe, FAQPage, BreadcrumbList…). Fill in the properties Google requires for that type, e.g. <code>name</code> plus <code>offers</code>, <code>review</code> or <code>aggregateRating</code> for a Product. Make sure the JSON is valid (no trailing commas, straight quotes), the type names are spelled exactly as on schema.org, and the values match what the page shows. Test with Google’s Rich Results Test and the Schema Markup Validator.',
  evaluate({ document: { $ } }, { format }) {
    const items = [...jsonLdItems($, format), ...markupItems($, 'microdata'), ...markupItems($, 'rdfa')];
    for (const item of items) judge(item, format);
    const data = {
      structured_data: items
        .slice(0, thresholds.maxListed)
        .map(({ format: kind, types, errors, warnings }) => ({
          format: kind,
          type: types.length ? types.join(', ') : null,
          errors,
          warnings,
        })),
    };
    const total = items.length;
    if (total === 0) return warning(messages.none, data);
    const withErrors = items.filter(({ errors }) => errors.length > 0);
    if (withErrors.length > 0)
      return failed(
        format(messages.errors, { count: withErrors.length, total, example: withErrors[0]!.errors[0]! }),
        data,
      );
    const withWarnings = items.filter(({ warnings }) => warnings.length > 0);
    if (withWarnings.length > 0)
      return warning(
        format(messages.warnings, {
          count: withWarnings.length,
          total,
          example: withWarnings[0]!.warnings[0]!,
        }),
        data,
      );
    const types = [...new Set(items.flatMap(({ types }) => types))].join(', ');
    return passed(format(messages.ok, { total, types }), data);
  },
});
