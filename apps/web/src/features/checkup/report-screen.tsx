import {
  CHECKUP_MESSAGES,
  countOf,
  type Report,
  type ReportStructure,
  type SectionReply,
  scoreColor,
} from '@sitelens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Progress, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorText, RequestError, request, requestBlob } from '../../api/client';
import { saveFile } from '../../api/save-file';
import { useToast } from '../../components/use-toast';
import { isRouted } from '../../screens';
import { ReportLayout } from '../report/report-layout';
import { countsOf, fetchedResults, reportCategories, scoreOf } from '../report/report-status';
import { isPending202, reportQuery, runningCheckup, sectionQuery, structureQuery } from './checkup.queries';

const WHITE_LABEL_PATH = '/white-label/reports';
/** The screens are fixed when the app loads; until the white-label ones exist, the button leads nowhere. */
const whiteLabelBuilt = isRouted(WHITE_LABEL_PATH);

type Outcome = SectionReply | 'failed';
type Results = Record<string, Record<string, Outcome>>;

/**
 * While a checkup runs, fetches every section of every target, at most `5 + competitors` at a
 * time (spec), retrying a section the server is still computing; a section whose fetch fails is
 * left out. A target the server could not check answers 404: its remaining sections are not
 * asked for, and when it is the main URL, `onMainFailed` fetches the report's verdict instead.
 */
function useLiveSectionResults(
  live: boolean,
  guid: string,
  targets: string[],
  sections: string[],
  onMainFailed: () => void,
): Results {
  const queryClient = useQueryClient();
  const [results, setResults] = useState<Results>({});
  const key = `${live}|${guid}|${targets.join(',')}|${sections.join(',')}`;
  const mainFailed = useRef(onMainFailed);
  mainFailed.current = onMainFailed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the inputs, whose arrays are new on every render
  useEffect(() => {
    if (!live || !guid || sections.length === 0 || targets.length === 0) return;
    let cancelled = false;
    setResults({});
    const jobs = targets.flatMap((target, index) =>
      sections.map((section) => ({ target, section, main: index === 0 })),
    );
    const unreachable = new Set<string>();
    const concurrency = 5 + Math.max(0, targets.length - 1);
    let next = 0;
    const record = (target: string, section: string, outcome: Outcome) =>
      setResults((previous) => ({ ...previous, [target]: { ...previous[target], [section]: outcome } }));
    const lane = async () => {
      while (!cancelled && next < jobs.length) {
        const job = jobs[next++]!;
        if (unreachable.has(job.target)) {
          record(job.target, job.section, 'failed');
          continue;
        }
        let outcome: Outcome;
        try {
          outcome = await queryClient.fetchQuery(
            sectionQuery(guid, job.section, job.main ? undefined : job.target),
          );
        } catch (error) {
          if (cancelled) return;
          if (isPending202(error)) {
            jobs.push(job);
            continue;
          }
          if (error instanceof RequestError && error.status === 404) {
            unreachable.add(job.target);
            if (job.main) {
              cancelled = true;
              mainFailed.current();
              return;
            }
          }
          outcome = 'failed';
        }
        if (cancelled) return;
        record(job.target, job.section, outcome);
      }
    };
    void Promise.all(Array.from({ length: concurrency }, lane));
    return () => {
      cancelled = true;
    };
  }, [key, queryClient]);
  return results;
}

export function ReportScreen() {
  const [params] = useSearchParams();
  const guid = params.get('guid');
  const running = runningCheckup.get();
  if (!guid) {
    if (running)
      return (
        <Navigate
          replace
          to={`/analysis/report?guid=${running.guid}&url=${encodeURIComponent(running.url)}`}
        />
      );
    return <Navigate replace to="/analysis" />;
  }
  return <ReportLoader guid={guid} url={params.get('url') ?? undefined} />;
}

function ReportLoader({ guid, url }: { guid: string; url?: string }) {
  const toast = useToast();
  const report = useQuery({
    ...reportQuery(guid),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 2000 : false),
  });
  const structure = useQuery(structureQuery);
  const failedToLoad = report.isError;
  useEffect(() => {
    if (failedToLoad) {
      runningCheckup.clear();
      toast.error(`${CHECKUP_MESSAGES.reportFetchFailed}: ${CHECKUP_MESSAGES.noReport}`);
    }
  }, [failedToLoad, toast]);
  if (report.isError) return <Navigate replace to="/analysis" />;
  if (structure.isError) return <Alert type="error" showIcon title={CHECKUP_MESSAGES.structureFailed} />;
  if (report.isPending || structure.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <ReportView report={report.data} structure={structure.data} requestedUrl={url} />;
}

function ReportView({
  report,
  structure,
}: {
  report: Report;
  structure: ReportStructure;
  requestedUrl?: string;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const targets = useMemo(
    () => [report.url, ...report.competitors.filter((c) => c.status !== 'failed').map((c) => c.url)],
    [report.url, report.competitors],
  );
  // A finished report comes with every section (`results`); a running one is read section by section.
  const live = useLiveSectionResults(
    report.status === 'running',
    report.guid,
    targets,
    report.sections,
    () => void queryClient.invalidateQueries({ queryKey: reportQuery(report.guid).queryKey }),
  );
  const results: Results = report.results ?? live;
  const main = results[report.url] ?? {};
  const done = Object.values(results).reduce((sum, byKey) => sum + Object.keys(byKey).length, 0);
  const total = report.sections.length * targets.length;
  const failedMain = report.status === 'failed';
  const progress =
    failedMain || report.results ? 100 : total === 0 ? 0 : Math.min(100, Math.floor((done / total) * 100));
  const complete = progress >= 100 && report.status !== 'running';

  const saved = useRef(false);
  useEffect(() => {
    if (!complete || saved.current) return;
    saved.current = true;
    runningCheckup.clear();
    // Saving the overview is best effort: its failure is swallowed (spec).
    request('/report/v2/save', {
      method: 'POST',
      body: {
        url: report.url,
        guid: report.guid,
        competitors: report.competitors.map((c) => ({ url: c.url })),
      },
    }).catch(() => {});
  }, [complete, report]);

  if (failedMain) {
    return (
      <Result
        status="warning"
        title={report.error ?? CHECKUP_MESSAGES.cannotAccess(report.url)}
        extra={
          <Button type="primary" onClick={() => navigate('/analysis')}>
            Perform a new checkup
          </Button>
        }
      />
    );
  }

  const replies = (target: string) =>
    Object.values(results[target] ?? {}).filter((r): r is SectionReply => r !== 'failed');
  const categories = reportCategories(structure, report.sections);
  const categoryScore = (target: string, keys: string[]) =>
    scoreOf(fetchedResults(keys.map((k) => results[target]?.[k])));
  const mainReplies = replies(report.url);
  const score = scoreOf(mainReplies.map((r) => r.result));
  const counts = countsOf(mainReplies.map((r) => r.result));
  const fixes = Object.entries(main)
    .filter((entry): entry is [string, SectionReply] => entry[1] !== 'failed')
    .filter(
      ([, r]) => r.result.status === 'failed' && r.result.relevance > 0 && r.result.recommendation.trim(),
    )
    .sort((a, b) => b[1].result.relevance - a[1].result.relevance)
    .map(([key, r]) => ({ section_key: key, recommendation: r.result.recommendation }));

  const refresh = async () => {
    try {
      const started = await request<{ guid: string; url: string }>('/report', {
        method: 'POST',
        body: { url: report.url, competitors: report.competitor_urls, sections: report.sections },
      });
      runningCheckup.set(started);
      navigate(`/analysis/report?guid=${started.guid}&url=${encodeURIComponent(started.url)}`);
    } catch (error) {
      toast.error(await errorText(error));
    }
  };
  const downloadPdf = async () => {
    // A failed download is swallowed (spec), apart from the button's own state.
    // Through the API client, so an access token that expired while the report was read is renewed.
    try {
      const pdf = await requestBlob(`/report/${report.guid}/pdf`);
      saveFile(pdf, `seo-checkup-${new URL(report.url).hostname}-${report.created_at.slice(0, 10)}.pdf`);
    } catch {
      // swallowed
    }
  };

  return (
    <ReportLayout
      structure={structure}
      sections={report.sections}
      results={main}
      url={report.url}
      createdAt={report.created_at}
      score={score}
      counts={counts}
      progress={progress}
      fixes={fixes}
      actions={
        <>
          <Button onClick={refresh} disabled={progress < 100}>
            Refresh Report
          </Button>
          <Button type="primary" onClick={downloadPdf} disabled={progress < 100}>
            Download PDF
          </Button>
          <Button
            disabled={progress < 100 || !whiteLabelBuilt}
            title={whiteLabelBuilt ? undefined : 'White-label reports are not available yet'}
            onClick={() =>
              navigate(
                `${WHITE_LABEL_PATH}?report_guid=${report.guid}&report_url=${encodeURIComponent(report.url)}`,
              )
            }
          >
            White Label
          </Button>
        </>
      }
    >
      {report.competitors.length > 0 && (
        <Card title="Competitors" className="report-competitors">
          <Row gutter={[16, 16]}>
            {[report.url, ...report.competitors.map((c) => c.url)].map((target) => {
              const competitor = report.competitors.find((c) => c.url === target);
              if (competitor?.status === 'failed')
                return (
                  <Col xs={24} md={12} key={target}>
                    <Alert
                      type="warning"
                      showIcon
                      title={competitor.error ?? CHECKUP_MESSAGES.competitorFailed(target)}
                    />
                  </Col>
                );
              const targetScore = scoreOf(replies(target).map((r) => r.result));
              return (
                <Col xs={24} md={12} key={target}>
                  <Card
                    size="small"
                    title={<span style={{ wordBreak: 'break-all' }}>{target}</span>}
                    extra={<Tag color={scoreColor(targetScore)}>{targetScore}</Tag>}
                  >
                    {categories.map((category) => {
                      const categoryTargetScore = categoryScore(
                        target,
                        category.sections.map((s) => s.key),
                      );
                      return (
                        <div key={category.key} className="category-split-row">
                          <span>{category.title}</span>
                          <Progress
                            percent={categoryTargetScore}
                            size="small"
                            format={(v) => v}
                            strokeColor={scoreColor(categoryTargetScore)}
                          />
                        </div>
                      );
                    })}
                  </Card>
                </Col>
              );
            })}
          </Row>
        </Card>
      )}

      {report.sections.length >= 5 && (
        <Card className="report-footer">
          <Typography.Text>
            {report.url}: {counts.passed} passed, {counts.warning} warnings, {counts.failed} failed
            {counts.not_applicable ? `, ${counts.not_applicable} not applicable` : ''} of{' '}
            {countOf(report.sections.length, 'check')}. <Link to="/analysis">Perform a new checkup</Link>
          </Typography.Text>
        </Card>
      )}
    </ReportLayout>
  );
}
