import {
  CHANGEFREQS,
  ExcludePatternSchema,
  type SitemapOptions,
  SitemapOptionsSchema,
  WEBMASTER_MESSAGES,
} from '@sitelens/contracts';
import { Form, Input, Select, Switch, Typography } from 'antd';

const messages = {
  lastmod: 'Include lastmod',
  images: 'Include images',
  changefreq: 'changefreq',
  none: 'None',
  priority: 'priority',
  exclude: 'Exclude paths',
  excludeHelp: 'One pattern per line; * matches anything, e.g. /tag/*',
  tooMany: (max: number) => `At most ${max} patterns`,
  gzip: 'Compress (gzip)',
};

const MAX_PATTERNS = 50;

/** The options as the form holds them: changefreq 'none' for null, the patterns as typed. */
export interface SitemapOptionsValues {
  options: Omit<SitemapOptions, 'changefreq' | 'exclude'> & {
    changefreq: SitemapOptions['changefreq'] | 'none';
    exclude: string;
  };
}

const defaults = SitemapOptionsSchema.parse({});
export const DEFAULT_SITEMAP_VALUES: SitemapOptionsValues = {
  options: { ...defaults, changefreq: defaults.changefreq ?? 'none', exclude: defaults.exclude.join('\n') },
};

const patternsOf = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** What the API takes from what the form holds. */
export function toSitemapOptions({ options }: SitemapOptionsValues): SitemapOptions {
  return {
    lastmod: options.lastmod,
    images: options.images,
    changefreq: options.changefreq === 'none' ? null : options.changefreq,
    priority: options.priority,
    exclude: patternsOf(options.exclude),
    gzip: options.gzip,
  };
}

/** A pattern the API would refuse is said on the field, with the contract's own words. */
async function validatePatterns(_: unknown, text?: string): Promise<void> {
  const patterns = patternsOf(text);
  if (patterns.length > MAX_PATTERNS) throw new Error(messages.tooMany(MAX_PATTERNS));
  for (const pattern of patterns) {
    const parsed = ExcludePatternSchema.safeParse(pattern);
    if (!parsed.success) throw new Error(`${pattern}: ${parsed.error.issues[0]?.message}`);
  }
}

/** The Sitemap Generator's options, inside the start form (its `options` fields). */
export function SitemapOptionsFields() {
  return (
    <div className="wt-options">
      <div className="wt-switches">
        <Form.Item name={['options', 'lastmod']} label={messages.lastmod} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name={['options', 'images']} label={messages.images} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name={['options', 'gzip']} label={messages.gzip} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <div className="wt-ignored">
        <div className="wt-switches">
          <Form.Item name={['options', 'changefreq']} label={messages.changefreq}>
            <Select
              className="wt-filter-select"
              options={[
                { value: 'none', label: messages.none },
                ...CHANGEFREQS.map((value) => ({ value, label: value })),
              ]}
            />
          </Form.Item>
          <Form.Item name={['options', 'priority']} label={messages.priority} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
        <Typography.Text type="secondary">{WEBMASTER_MESSAGES.changefreqIgnored}</Typography.Text>
      </div>
      <Form.Item
        name={['options', 'exclude']}
        label={messages.exclude}
        extra={messages.excludeHelp}
        rules={[{ validator: validatePatterns }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder="/tag/*" spellCheck={false} />
      </Form.Item>
    </div>
  );
}
