import { displayHost, type Website } from '@sitelens/contracts';
import { Select, Space } from 'antd';
import { WebsiteFavicon } from './website-favicon';

/** The website selector every settings page carries (spec 2.3). */
export function WebsiteSelector({
  websites,
  value,
  onChange,
}: {
  websites: Website[];
  value: string | undefined;
  onChange(guid: string): void;
}) {
  return (
    <Select
      aria-label="Website"
      className="website-selector"
      value={value}
      onChange={onChange}
      style={{ minWidth: 240, maxWidth: '100%' }}
      options={websites.map((w) => ({
        value: w.guid,
        label: (
          <Space size={8}>
            <WebsiteFavicon guid={w.guid} />
            {displayHost(w.domain)}
          </Space>
        ),
      }))}
    />
  );
}
