/** The report's categories, in the order the report shows them. */
export const CATEGORIES = [
  { key: 'common-seo', title: 'Common SEO' },
  { key: 'keywords-content', title: 'Keywords & Content' },
  { key: 'links-crawlability', title: 'Links & Crawlability' },
  { key: 'speed-performance', title: 'Speed & Performance' },
  { key: 'images', title: 'Images' },
  { key: 'server-security', title: 'Server & Security' },
  { key: 'mobile-rendering', title: 'Mobile & Rendering' },
  { key: 'advanced', title: 'Advanced SEO' },
  { key: 'web-vitals', title: 'Core Web Vitals' },
] as const;

export type CategoryKey = (typeof CATEGORIES)[number]['key'];
