import {
  countOf,
  EXCLUSION_LABELS,
  EXCLUSION_REASONS,
  type ExclusionReason,
  formatDate,
  type SitemapRun,
  WEBMASTER_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { formatBytes } from '../../components/format-bytes';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { useToast } from '../../components/use-toast';
import { SelectedWebsiteGate } from '../deep-analysis/selected-website-gate';
import { ExcludedUrlsTable } from './excluded-urls-table';
import { RecentRuns, when } from './recent-runs';
import { useRunParam } from './run-hooks';
import { RunStates } from './run-progress';
import { RunTargetForm, type TargetMode } from './run-target-form';
import {
  DEFAULT_SITEMAP_VALUES,
  SitemapOptionsFields,
  type SitemapOptionsValues,
  toSitemapOptions,
} from './sitemap-options-form';
import { StatButton } from './stat-button';
import {
  downloadSitemapFile,
  type RunTarget,
  refreshTool,
  sitemapRunQuery,
  startSitemap,
} from './webmaster-tools.queries';
import './webmaster-tools.css';

type SitemapResult = NonNullable<SitemapRun['result']>;
type SitemapFile = SitemapResult['files'][number];
type PreviewRow = SitemapResult['preview'][number];

const messages = {
  title: 'Generate an XML sitemap',
  submit: 'Generate sitemap',
  generated: (at: string) => `Generated ${when(at)}`,
  included: 'URLs in the sitemap',
  crawled: 'Pages crawled',
  leftOut: 'Left out',
  leftOutTitle: 'Left out of the sitemap',
  files: 'Files',
  index: 'Index',
  parts: (count: number) => `${count} ${count === 1 ? 'sitemap' : 'sitemaps'}`,
  download: 'Download',
  downloadLabel: (name: string) => `Download ${name}`,
  feed: 'Stable address',
  feedHelp: 'Always the latest sitemap of this website: give it to search engines once.',
  preview: 'Preview',
  previewCount: (shown: number, total: number) => `The first ${shown} of ${countOf(total, 'URL')}`,
};

/**
 * /sitemap-generator[?w_guid=][&run=]: crawls a site (a tracked website or any URL) and writes its
 * XML sitemap from the indexable pages, saying what was left out and why. The run shown is kept
 * in `?run=`.
 */
export function SitemapGeneratorScreen() {
  return (
    <SelectedWebsiteGate none={<SitemapGenerator websites={[]} website={undefined} select={() => {}} />}>
      {(website, websites, select) => (
        <SitemapGenerator website={website} websites={websites} select={select} />
      )}
    </SelectedWebsiteGate>
  );
}

function SitemapGenerator({
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
    mutationFn: ({ target, values }: { target: RunTarget; values: SitemapOptionsValues }) =>
      startSitemap(target, toSitemapOptions(values)),
    onSuccess: (run) => {
      openRun(run.guid);
      void refreshTool(queryClient, 'sitemap-generator');
    },
  });
  const changeMode = (next: TargetMode) => {
    setMode(next);
    start.reset();
  };

  return (
    <div className="wt-page">
      <RunTargetForm<SitemapOptionsValues>
        title={messages.title}
        submitLabel={messages.submit}
        websites={websites}
        website={website}
        onSelectWebsite={select}
        mode={mode}
        onModeChange={changeMode}
        initialValues={DEFAULT_SITEMAP_VALUES}
        pending={start.isPending}
        error={start.error}
        onSubmit={(target, values) => start.mutate({ target, values })}
      >
        <SitemapOptionsFields />
      </RunTargetForm>
      {runGuid && <SitemapRunView key={runGuid} guid={runGuid} />}
      <RecentRuns
        tool="sitemap-generator"
        w={website && mode === 'website' ? website.guid : null}
        current={runGuid}
        empty={WEBMASTER_MESSAGES.noSitemapRuns}
        onOpen={openRun}
      />
    </div>
  );
}

function SitemapRunView({ guid }: { guid: string }) {
  const query = useQuery(sitemapRunQuery(guid));
  return (
    <RunStates tool="sitemap-generator" query={query}>
      {(data) =>
        data.result ? (
          <SitemapResultView data={data} result={data.result} />
        ) : (
          <Alert type="info" showIcon title={WEBMASTER_MESSAGES.runNotFinished} />
        )
      }
    </RunStates>
  );
}

function SitemapResultView({ data, result }: { data: SitemapRun; result: SitemapResult }) {
  const { run, options } = data;
  const [reason, setReason] = useState<ExclusionReason | null>(null);
  const leftOut = EXCLUSION_REASONS.filter((key) => (result.excluded[key] ?? 0) > 0);
  const pickReason = (key: ExclusionReason) => setReason((current) => (current === key ? null : key));

  return (
    <>
      <Card
        className="wt-result"
        title={<span className="wt-url">{run.url}</span>}
        extra={
          <Typography.Text type="secondary">
            {messages.generated(run.finished_at ?? run.c_at)}
          </Typography.Text>
        }
      >
        <div className="wt-result-body">
          {run.capped && <Alert type="warning" showIcon title={WEBMASTER_MESSAGES.capped(run.pages_limit)} />}
          <div className="wt-figures">
            <Statistic title={messages.included} value={result.included} />
            <Statistic title={messages.crawled} value={run.pages_crawled} />
          </div>
          {result.included === 0 && (
            <Alert type="info" showIcon title={WEBMASTER_MESSAGES.noIndexablePages} />
          )}
          {leftOut.length > 0 && (
            <fieldset className="wt-stats" aria-label={messages.leftOut}>
              {leftOut.map((key) => (
                <StatButton
                  key={key}
                  label={EXCLUSION_LABELS[key]}
                  value={result.excluded[key] ?? 0}
                  pressed={reason === key}
                  onClick={() => pickReason(key)}
                />
              ))}
            </fieldset>
          )}
          <FeedAddress url={result.feed_url} />
        </div>
      </Card>
      {result.files.length > 0 && <FilesCard guid={run.guid} files={result.files} />}
      {result.preview.length > 0 && (
        <PreviewCard preview={result.preview} included={result.included} images={options.images} />
      )}
      <Card title={messages.leftOutTitle} className="wt-excluded">
        <ExcludedUrlsTable guid={run.guid} reason={reason} onReasonChange={setReason} />
      </Card>
    </>
  );
}

/** The address search engines can keep: it always serves the website's latest sitemap. */
function FeedAddress({ url }: { url: string | null }) {
  if (!url)
    return <Typography.Text type="secondary">{WEBMASTER_MESSAGES.feedOnlyForWebsite}</Typography.Text>;
  const absolute = new URL(url, window.location.origin).href;
  return (
    <div className="wt-feed">
      <Typography.Text strong>{messages.feed}</Typography.Text>
      <Typography.Paragraph className="wt-url" copyable={{ text: absolute }} style={{ margin: 0 }}>
        {absolute}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{messages.feedHelp}</Typography.Text>
    </div>
  );
}

function FilesCard({ guid, files }: { guid: string; files: SitemapFile[] }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (name: string) => {
    setDownloading(name);
    try {
      await downloadSitemapFile(guid, name);
    } catch (error) {
      toast.error(await errorText(error));
    } finally {
      setDownloading(null);
    }
  };
  // The index (the entry point search engines read) first.
  const rows = [...files].sort((a, b) => Number(b.index) - Number(a.index));
  const columns: ResponsiveColumn<SitemapFile>[] = [
    {
      key: 'name',
      title: 'File',
      width: 220,
      narrowWidth: 130,
      priority: 'key',
      render: (_value, file) => (
        <span className="wt-file-name">
          {file.name}
          {file.index && <Tag color="blue">{messages.index}</Tag>}
        </span>
      ),
    },
    {
      key: 'entries',
      title: 'URLs',
      width: 120,
      priority: 1,
      render: (_value, file) =>
        file.index ? messages.parts(file.entries) : file.entries.toLocaleString('en-US'),
    },
    {
      key: 'size',
      title: 'Size',
      width: 100,
      priority: 2,
      render: (_value, file) => formatBytes(file.bytes),
    },
    {
      key: 'download',
      title: <span className="visually-hidden">Actions</span>,
      width: 130,
      narrowWidth: 116,
      priority: 'key',
      render: (_value, file) => (
        <Button
          aria-label={messages.downloadLabel(file.name)}
          loading={downloading === file.name}
          onClick={() => void download(file.name)}
        >
          {messages.download}
        </Button>
      ),
    },
  ];
  return (
    <Card title={messages.files} className="wt-files">
      <ResponsiveTable<SitemapFile>
        rowKey="name"
        size="middle"
        columns={columns}
        dataSource={rows}
        pagination={false}
      />
    </Card>
  );
}

function PreviewCard({
  preview,
  included,
  images,
}: {
  preview: PreviewRow[];
  included: number;
  images: boolean;
}) {
  const columns: ResponsiveColumn<PreviewRow>[] = [
    {
      key: 'loc',
      title: 'loc',
      width: 380,
      narrowWidth: 200,
      priority: 'key',
      render: (_value, row) => <span className="wt-url">{row.loc}</span>,
    },
    {
      key: 'lastmod',
      title: 'lastmod',
      width: 130,
      priority: 1,
      render: (_value, row) => (row.lastmod ? formatDate(row.lastmod) : '-'),
    },
    ...(images ? [{ key: 'images', title: 'Images', width: 90, priority: 2, dataIndex: 'images' }] : []),
  ];
  return (
    <Card
      title={messages.preview}
      className="wt-preview"
      extra={
        <Typography.Text type="secondary">{messages.previewCount(preview.length, included)}</Typography.Text>
      }
    >
      <ResponsiveTable<PreviewRow>
        rowKey="loc"
        size="small"
        columns={columns}
        dataSource={preview}
        pagination={false}
      />
    </Card>
  );
}
