import type { Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { useState } from 'react';
import { useSession } from '../../session/session-context';
import { useSelectedWebsite } from '../websites/use-selected-website';
import { websitesQuery } from '../websites/websites.queries';
import { EmptyDashboard } from './empty-dashboard';
import { QuickCheckupForm } from './quick-checkup-form';
import { WebsiteCards } from './website-cards';
import { AddWebsiteModal, OnboardingModal } from './website-modals';
import { WebsiteTabs } from './website-tabs';

const FIRST_REPORT_POLL_MS = 30_000;
const HOUR_MS = 60 * 60 * 1000;

/** A website under an hour old whose first checkup has not finished: the dashboard long-polls. */
const awaitsFirstReport = (website: Website) =>
  !website.on_page_seo && Date.now() - new Date(website.c_at).getTime() < HOUR_MS;

/** /dashboard (spec 2.2): the quick checkup, a tab per tracked website and its cards. */
export function DashboardScreen() {
  const { session } = useSession();
  const { websites, selected, select } = useSelectedWebsite();
  useQuery({
    ...websitesQuery,
    refetchInterval: (query) => (query.state.data?.some(awaitsFirstReport) ? FIRST_REPORT_POLL_MS : false),
  });
  const [modal, setModal] = useState<'add' | 'onboarding' | null>(null);
  const added = (website: Website) => {
    setModal(null);
    select(website.guid);
  };
  if (!session) return null;

  return (
    <div className="dashboard">
      <QuickCheckupForm />
      {websites.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : websites.isError ? (
        <Alert
          type="error"
          showIcon
          title="Something went wrong!"
          description="Please try again or contact support."
        />
      ) : websites.data.length === 0 ? (
        <EmptyDashboard name={`${session.f_name} ${session.l_name}`} onSetup={() => setModal('onboarding')} />
      ) : (
        <>
          <WebsiteTabs
            websites={websites.data}
            selected={selected?.guid}
            onSelect={select}
            onAdd={() => setModal('add')}
          />
          {selected && <WebsiteCards website={selected} />}
        </>
      )}
      <AddWebsiteModal open={modal === 'add'} onClose={() => setModal(null)} onAdded={added} />
      <OnboardingModal open={modal === 'onboarding'} onClose={() => setModal(null)} onAdded={added} />
    </div>
  );
}
