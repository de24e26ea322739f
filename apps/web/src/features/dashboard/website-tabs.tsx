import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { displayHost, type Website } from '@sitelens/contracts';
import { Button, Dropdown, Tabs, Tooltip } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../session/session-context';
import { settingsPath, settingsSectionsFor } from '../websites/settings-sections';
import { WebsiteFavicon } from '../websites/website-favicon';

/** A tab per tracked website (favicon, domain, settings menu) and the plus button (spec 2.2). */
export function WebsiteTabs({
  websites,
  selected,
  onSelect,
  onAdd,
}: {
  websites: Website[];
  selected: string | undefined;
  onSelect(guid: string): void;
  onAdd(): void;
}) {
  const sections = settingsSectionsFor(useSession().session?.org_role ?? null);
  return (
    <Tabs
      className="website-tabs"
      activeKey={selected}
      onChange={onSelect}
      items={websites.map((website) => ({
        key: website.guid,
        label: (
          <span className="website-tab">
            <WebsiteFavicon guid={website.guid} />
            <span>{displayHost(website.domain)}</span>
            <Dropdown
              trigger={['click']}
              menu={{
                items: sections.map((section) => ({
                  key: section.key,
                  label: <Link to={settingsPath(section.key, website.guid)}>{section.label}</Link>,
                })),
              }}
            >
              <Button
                type="text"
                size="small"
                icon={<SettingOutlined />}
                aria-label={`Settings of ${displayHost(website.domain)}`}
                onClick={(event) => event.stopPropagation()}
              />
            </Dropdown>
          </span>
        ),
      }))}
      tabBarExtraContent={
        <Tooltip title="Track new website">
          <Button icon={<PlusOutlined />} aria-label="Track new website" onClick={onAdd} />
        </Tooltip>
      }
    />
  );
}
