import {
  type BrokenLinksRun,
  countOf,
  formatDate,
  LINK_KIND_LABELS,
  type LinkKind,
  WEBMASTER_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Tag, Typography } from 'antd';
import { useState } from 'react';
import { SelectedWebsiteGate } from '../deep-analysis/selected-website-gate';
import { BrokenLinksTable, KIND_COLORS } from './broken-links-table';
import { RecentRuns, when } from './recent-runs';
import { useRunParam } from './run-hooks';
import { RunStates } from './run-progress';
import { RunTargetForm, type TargetMode } from './run-target-form';
import { StatButton } from './stat-button';
import {
  brokenLinksRunQuery,
  DEFAULT_LINK_FILTERS,
  type LinkFilters,
  type RunTarget,
  refreshTool,
  startBrokenLinks,
} from './webmaster-tools.queries';
import './webmaster-tools.css';

const messages = {
  title: 'Check a site for broken links',
  submit: 'Check links',
  checked: (at: string) => `Checked ${when(at)}`,
  summary: (pages: number, links: number) =>
    `${countOf(pages, 'page')} crawled, ${countOf(links, 'link')} checked`,
  byType: 'Problems by type',
  brokenDetail: (internal: number, external: number) => `${internal} internal, ${external} external`,
  compared: (at: string, added: number, fixed: number) =>
    `Compared with the check of ${formatDate(at)}: ${added} new, ${fixed} fixed`,
  openPrevious: 'Open that check',
  fixedList: (count: number) => `Fixed links (${count})`,
  more: (count: number) => `and ${count} more`,
};

/** The counts shown as cards, each filtering the table to its kind. */
const PROBLEM_KINDS = ['broken', 'redirect_loop', 'redirect_chain', 'redirected', 'not_verified'] as const;

/**
 * /broken-links[?w_guid=][&run=]: checks every link of a site (a tracked website or any URL), then
 * lists what is broken, redirected or not verified, with where each link is found. The run shown
 * is kept in `?run=`.
 */
export function BrokenLinksScreen() {
  return (
    <SelectedWebsiteGate none={<BrokenLinks websites={[]} website={undefined} select={() => {}} />}>
      {(website, websites, select) => <BrokenLinks website={website} websites={websites} select={select} />}
    </SelectedWebsiteGate>
  );
}

function BrokenLinks({
  website,
  websites,
  select,
}: {
  website: Website | undefined;
  websites: Website[];
  select(guid: string): void;
}) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<TargetMode>('website');
  const [runGuid, openRun] = useRunParam();
  const start = useMutation({
    mutationFn: (target: RunTarget) => startBrokenLinks(target),
    onSuccess: (run) => {
      openRun(run.guid);
      void refreshTool(queryClient, 'broken-links');
    },
  });
  const changeMode = (next: TargetMode) => {
    setMode(next);
    start.reset();
  };

  return (
    <div className="wt-page">
      <RunTargetForm
        title={messages.title}
        submitLabel={messages.submit}
        websites={websites}
        website={website}
        onSelectWebsite={select}
        mode={mode}
        onModeChange={changeMode}
        pending={start.isPending}
        error={start.error}
        onSubmit={(target) => start.mutate(target)}
      />
      {runGuid && <BrokenLinksRunView key={runGuid} guid={runGuid} onOpen={openRun} />}
      <RecentRuns
        tool="broken-links"
        w={website && mode === 'website' ? website.guid : null}
        current={runGuid}
        empty={WEBMASTER_MESSAGES.noRuns}
        onOpen={openRun}
      />
    </div>
  );
}

function BrokenLinksRunView({ guid, onOpen }: { guid: string; onOpen(guid: string): void }) {
  const query = useQuery(brokenLinksRunQuery(guid));
  return (
    <RunStates tool="broken-links" query={query}>
      {(data) => <BrokenLinksResult data={data} onOpen={onOpen} />}
    </RunStates>
  );
}

function BrokenLinksResult({ data, onOpen }: { data: BrokenLinksRun; onOpen(guid: string): void }) {
  const { run, counts, comparison } = data;
  const [filters, setFilters] = useState<LinkFilters>(DEFAULT_LINK_FILTERS);
  const pickKind = (kind: LinkKind) =>
    setFilters((current) => ({ ...current, kind: current.kind === kind ? undefined : kind }));

  return (
    <Card
      className="wt-result"
      title={<span className="wt-url">{run.url}</span>}
      extra={
        <Typography.Text type="secondary">{messages.checked(run.finished_at ?? run.c_at)}</Typography.Text>
      }
    >
      <div className="wt-result-body">
        <Typography.Text type="secondary">
          {messages.summary(run.pages_crawled, run.links_checked)}
        </Typography.Text>
        {run.capped && <Alert type="warning" showIcon title={WEBMASTER_MESSAGES.capped(run.pages_limit)} />}
        <fieldset className="wt-stats" aria-label={messages.byType}>
          {PROBLEM_KINDS.map((kind) => (
            <StatButton
              key={kind}
              label={LINK_KIND_LABELS[kind]}
              value={counts[kind]}
              detail={
                kind === 'broken'
                  ? messages.brokenDetail(counts.internal_broken, counts.external_broken)
                  : undefined
              }
              pressed={filters.kind === kind}
              onClick={() => pickKind(kind)}
            />
          ))}
        </fieldset>
        {comparison && <ComparisonLine comparison={comparison} onOpen={onOpen} />}
        <BrokenLinksTable run={run} filters={filters} onFiltersChange={setFilters} />
      </div>
    </Card>
  );
}

function ComparisonLine({
  comparison,
  onOpen,
}: {
  comparison: NonNullable<BrokenLinksRun['comparison']>;
  onOpen(guid: string): void;
}) {
  const hidden = comparison.fixed - comparison.fixed_urls.length;
  return (
    <div className="wt-comparison">
      <div>
        <Typography.Text>
          {messages.compared(comparison.previous_c_at, comparison.new, comparison.fixed)}
        </Typography.Text>{' '}
        <Button type="link" className="wt-inline-link" onClick={() => onOpen(comparison.previous_guid)}>
          {messages.openPrevious}
        </Button>
      </div>
      {comparison.fixed_urls.length > 0 && (
        <Collapse
          size="small"
          items={[
            {
              key: 'fixed',
              label: messages.fixedList(comparison.fixed),
              children: (
                <ul className="wt-plain-list">
                  {comparison.fixed_urls.map((fixed) => (
                    <li key={fixed.url}>
                      <span className="wt-url">{fixed.url}</span>{' '}
                      <Tag color={KIND_COLORS[fixed.kind]}>{LINK_KIND_LABELS[fixed.kind]}</Tag>
                    </li>
                  ))}
                  {hidden > 0 && <li className="wt-muted">{messages.more(hidden)}</li>}
                </ul>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
