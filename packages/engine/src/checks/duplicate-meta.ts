import { defineCheck, notApplicable, passed, warning } from './define-check';

const messages = {
  notIndexable: 'The page is not indexable, so its title and description do not compete in search.',
  unique: 'The title, description and H1 of the page are not used by any other indexable page.',
  duplicate: 'Other indexable pages use the same {fields}: search results cannot tell them apart.',
};

const FIELDS = { title: 'title', description: 'description', h1: 'H1' } as const;

export const duplicateMeta = defineCheck({
  key: 'duplicate-meta',
  title: 'Duplicate title/description/H1',
  category: 'keywords-content',
  relevance: 7,
  scope: 'crawl',
  requires: ['crawl'],
  description:
    'Looks for indexable pages of the crawl that share the same title, meta description or H1. Each page should say what makes it different; identical snippets make pages compete and confuse searchers.',
  recommendation: 'Give every indexable page its own title, description and H1.',
  howToFix:
    'Write each title and description from the page’s own topic: the product name, the city, the article’s subject. Templates should fill in the distinguishing detail instead of repeating the site name. If two pages really are the same, merge them or point one to the other with a canonical link.',
  evaluate({ crawl }, { format }) {
    const page = crawl.pages.find((p) => p.url === crawl.url);
    const empty = { duplicates: { title: [], description: [], h1: [] } };
    if (!page?.indexable) return notApplicable(messages.notIndexable, empty);
    const others = crawl.pages.filter((p) => p.url !== page.url && p.indexable);
    const same = (field: keyof typeof FIELDS) => {
      const value = page[field]?.trim().toLowerCase();
      return value ? others.filter((p) => p[field]?.trim().toLowerCase() === value).map((p) => p.url) : [];
    };
    const duplicates = { title: same('title'), description: same('description'), h1: same('h1') };
    const fields = (Object.keys(FIELDS) as (keyof typeof FIELDS)[]).filter(
      (field) => duplicates[field].length > 0,
    );
    if (fields.length === 0) return passed(messages.unique, { duplicates });
    return warning(format(messages.duplicate, { fields: fields.map((f) => FIELDS[f]).join(', ') }), {
      duplicates,
    });
  },
});
