/** One item of the sidebar menu. */
export interface NavItem {
  key: string;
  label: string;
  path: string;
  icon:
    | 'dashboard'
    | 'deep'
    | 'ai'
    | 'llm'
    | 'checkup'
    | 'backlinks'
    | 'keywords'
    | 'position'
    | 'research'
    | 'speed'
    | 'outage'
    | 'report'
    | 'brokenLinks'
    | 'sitemap';
}

export interface NavGroup {
  key: string;
  /** Null for the ungrouped items at the top. */
  label: string | null;
  items: NavItem[];
}

/** The sidebar of the accounts spec, section 2 "Layout and navigation", in its order. */
export const NAVIGATION: NavGroup[] = [
  {
    key: 'main',
    label: null,
    items: [
      { key: 'dashboard', label: 'Dashboard', path: '/dashboard', icon: 'dashboard' },
      { key: 'deep-analysis', label: 'Deep Analysis', path: '/deep-analysis', icon: 'deep' },
    ],
  },
  {
    key: 'ai',
    label: 'AI/LLM Analysis',
    items: [
      { key: 'ai-content-analysis', label: 'AI Content Analysis', path: '/ai-content-analysis', icon: 'ai' },
      {
        key: 'llm-visibility-analysis',
        label: 'LLM Visibility Analysis',
        path: '/llm-visibility-analysis',
        icon: 'llm',
      },
    ],
  },
  {
    key: 'analysis',
    label: 'Analysis',
    items: [
      { key: 'analysis', label: 'SEO Checkup', path: '/analysis', icon: 'checkup' },
      { key: 'backlinks', label: 'Backlinks', path: '/backlinks', icon: 'backlinks' },
      { key: 'top-keywords', label: 'Top Keywords', path: '/top-keywords', icon: 'keywords' },
      {
        key: 'keyword-position',
        label: 'Keyword Position Tracker',
        path: '/keyword-position',
        icon: 'position',
      },
      { key: 'keyword-research', label: 'Keyword Research', path: '/keyword-research', icon: 'research' },
    ],
  },
  {
    key: 'monitoring',
    label: 'Monitoring',
    items: [
      { key: 'site-speed', label: 'Site Speed', path: '/site-speed', icon: 'speed' },
      { key: 'site-outage', label: 'Site Outage', path: '/site-outage', icon: 'outage' },
    ],
  },
  {
    key: 'webmaster',
    label: 'Webmaster Tools',
    items: [
      { key: 'broken-links', label: 'Broken Links', path: '/broken-links', icon: 'brokenLinks' },
      { key: 'sitemap-generator', label: 'Sitemap Generator', path: '/sitemap-generator', icon: 'sitemap' },
      { key: 'white-label', label: 'White Label Reports', path: '/white-label/reports', icon: 'report' },
    ],
  },
];

/** The menu item a path belongs to (the longest matching prefix), for highlighting. */
export function activeNavKey(pathname: string): string | undefined {
  let best: NavItem | undefined;
  for (const item of NAVIGATION.flatMap((group) => group.items)) {
    const base = item.path.split('/').slice(0, 2).join('/');
    if ((pathname === base || pathname.startsWith(`${base}/`)) && (!best || base.length > best.path.length))
      best = item;
  }
  return best?.key;
}
