import type { Website } from '@sitelens/contracts';
import { Card, Empty, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../session/session-context';
import { ServerErrorAlert } from '../server-error-alert';
import { type SettingsSection, settingsPath, settingsSectionsFor } from '../settings-sections';
import { useSelectedWebsite } from '../use-selected-website';
import { WebsiteSelector } from '../website-selector';
import { CompetitorsSection } from './competitors-section';
import { KeywordsSection } from './keywords-section';
import { MonitorLocationsSection } from './monitor-locations-section';
import { NotificationsSection } from './notifications-section';
import { RegionalDatabaseSection } from './regional-database-section';
import { RemoveWebsiteSection } from './remove-website-section';
import { SearchConsoleSection } from './search-console-section';

const SECTIONS: Record<SettingsSection, (props: { website: Website }) => ReactNode> = {
  competitors: CompetitorsSection,
  keywords: KeywordsSection,
  'monitor-locations': MonitorLocationsSection,
  'regional-database': RegionalDatabaseSection,
  notifications: NotificationsSection,
  'search-console': SearchConsoleSection,
  'remove-url': RemoveWebsiteSection,
};

const messages = {
  noWebsites: 'You do not track any website yet. Add one on the dashboard to change its settings here.',
};

/**
 * `/dashboard/settings/:section?w_guid=`: a tracked website's settings (spec 2.3), a tab per section
 * the caller's role may use; an unknown section, or one that is the owner's, opens competitors.
 */
export function WebsiteSettingsScreen() {
  const { section } = useParams();
  const { search } = useLocation();
  const sections = settingsSectionsFor(useSession().session?.org_role ?? null);
  const offered = sections.find((s) => s.key === section);
  if (!offered) return <Navigate to={`/dashboard/settings/competitors${search}`} replace />;
  return <Settings section={offered.key} sections={sections} />;
}

function Settings({
  section,
  sections,
}: {
  section: SettingsSection;
  sections: readonly { key: SettingsSection; label: string }[];
}) {
  const navigate = useNavigate();
  const { websites, selected, select } = useSelectedWebsite();
  const Section = SECTIONS[section];

  let body: ReactNode;
  if (websites.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (websites.isError) body = <ServerErrorAlert error={websites.error} />;
  else if (!selected)
    body = (
      <Card>
        <Empty description={messages.noWebsites}>
          <Link to="/dashboard">Go to the dashboard</Link>
        </Empty>
      </Card>
    );
  // Keyed by website and section: a form starts again from the saved settings of the one shown.
  else body = <Section key={`${selected.guid}:${section}`} website={selected} />;

  return (
    <div className="website-settings">
      <div className="website-settings-header">
        {websites.data && websites.data.length > 0 && (
          <WebsiteSelector websites={websites.data} value={selected?.guid} onChange={select} />
        )}
      </div>
      <Tabs
        className="website-settings-tabs"
        activeKey={section}
        onChange={(key) =>
          navigate(
            selected ? settingsPath(key as SettingsSection, selected.guid) : `/dashboard/settings/${key}`,
          )
        }
        items={sections.map(({ key, label }) => ({ key, label }))}
      />
      {body}
    </div>
  );
}
