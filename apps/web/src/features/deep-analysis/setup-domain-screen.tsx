import { countOf, displayHost, WEBSITE_MESSAGES } from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorText, RequestError } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { refreshWebsites, setupStatusQuery } from '../websites/websites.queries';
import { SetupProgress } from '../websites/wizard/setup-progress';
import { AddUrlsForm } from './add-urls-form';
import { importSitemaps, importStatusQuery, POLL_MS, refreshDeepAnalysis } from './deep-analysis.queries';
import { overviewPath } from './paths';

/**
 * /deep-analysis/setup-domain?w_guid=: a website on its way into Deep Analysis (spec 2.4, 4). Its
 * setup runs, then its sitemaps are imported (polled every 5 s, with the spec's simulated progress
 * curve); a site without a sitemap asks for URLs; once completed, the audit overview takes over.
 * Read from the setup's status, not the website list: a setup that could not reach its site
 * removes the website and still says why.
 */
export function SetupDomainScreen() {
  const [params] = useSearchParams();
  const guid = params.get('w_guid');
  if (!guid) return <Navigate to="/deep-analysis" replace />;
  return <SetupDomain key={guid} guid={guid} />;
}

function SetupDomain({ guid }: { guid: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery({
    ...setupStatusQuery(guid),
    refetchInterval: (query) => {
      const current = query.state.data?.status;
      return current === 'setting_up' || current === 'importing_sitemaps' || current === 'new'
        ? POLL_MS.importSitemaps
        : false;
    },
  });
  const current = status.data?.status;
  const domain = status.data?.domain ?? '';
  const website = status.data?.website ?? null;
  const importing = useQuery({
    ...importStatusQuery(guid),
    enabled: current === 'importing_sitemaps',
    refetchInterval: POLL_MS.importSitemaps,
  });

  // A website set up and not yet in Deep Analysis starts its sitemap import once, on its own.
  const [startProblem, setStartProblem] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => importSitemaps(guid),
    onMutate: () => setStartProblem(null),
    onSuccess: async () => {
      await status.refetch();
      await refreshWebsites(queryClient);
    },
    // A plan limit ('Looks like you've hit your domain limit!', a plan without Deep Analysis) says so.
    onError: async (error) => setStartProblem(await errorText(error)),
  });
  const started = useRef(false);
  useEffect(() => {
    if (current === 'new' && !started.current) {
      started.current = true;
      start.mutate();
    }
  }, [current, start]);

  // Completed: the website list learns it first, so the overview does not send the user back here.
  const navigate = useNavigate();
  useEffect(() => {
    if (current !== 'completed') return;
    void refreshWebsites(queryClient).then(() => navigate(overviewPath(guid), { replace: true }));
  }, [current, queryClient, navigate, guid]);

  // The spec's notification for a site the setup could not reach, once; the website it removed
  // leaves the lists.
  const told = useRef(false);
  useEffect(() => {
    if (current === 'failed' && !told.current) {
      told.current = true;
      toast.error(WEBSITE_MESSAGES.cannotAccess(domain));
      void refreshWebsites(queryClient);
    }
  }, [current, toast, domain, queryClient]);

  if (status.isPending) return <Skeleton active />;
  // An unknown guid (another organization's, or a website since removed) goes to the domain form.
  if (status.error instanceof RequestError && status.error.status === 404)
    return <Navigate to="/deep-analysis" replace />;
  if (status.isError)
    return (
      <Result
        status="error"
        title={WEBSITE_MESSAGES.somethingWrong}
        subTitle="Please try again or contact support."
        extra={<Button onClick={() => status.refetch()}>Retry</Button>}
      />
    );

  if (current === 'completed') return <Skeleton active />;
  if (current === 'failed')
    return (
      <Result
        status="warning"
        title={status.data.error ?? WEBSITE_MESSAGES.cannotAccessDomain(domain)}
        subTitle={WEBSITE_MESSAGES.cannotAccessDetail}
        extra={
          <Link to="/deep-analysis">
            <Button type="primary">Try another domain</Button>
          </Link>
        }
      />
    );
  if (!website) return <Navigate to="/deep-analysis" replace />;
  if (startProblem)
    return (
      <Result
        status="warning"
        title={startProblem}
        extra={
          <>
            <Button loading={start.isPending} onClick={() => start.mutate()}>
              Try again
            </Button>
            <Link to="/subscription/plans">
              <Button type="primary">See the plans</Button>
            </Link>
          </>
        }
      />
    );
  if (current === 'waiting_for_user_input')
    return (
      <Card className="da-manual-urls">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          No sitemap found for {displayHost(website.domain)}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Add the URLs to analyze, one per line or separated by commas. They must be on{' '}
          {displayHost(website.domain)}.
        </Typography.Paragraph>
        <AddUrlsForm
          website={website}
          chooseGroup={false}
          onAdded={async () => {
            await refreshWebsites(queryClient);
            await refreshDeepAnalysis(queryClient);
            await status.refetch();
          }}
        />
      </Card>
    );
  if (current === 'setting_up')
    return (
      <SetupProgress
        title={`Setting up ${displayHost(website.domain)}`}
        description="Finding its homepage, its sitemaps and its market. This usually takes 30 to 45 seconds."
        startedAt={Date.parse(website.c_at)}
      />
    );
  const importStarted = status.data.import_sitemaps_started_at;
  const found = importing.data?.discovered_urls ?? 0;
  return (
    <SetupProgress
      title={`Importing the sitemaps of ${displayHost(website.domain)}`}
      description={
        found > 0
          ? `${countOf(found, 'URL')} found so far. Every URL is analyzed once the import ends.`
          : 'Reading its sitemaps. Every URL is analyzed once the import ends.'
      }
      startedAt={importStarted ? Date.parse(importStarted) : undefined}
    />
  );
}
