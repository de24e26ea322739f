import {
  type AffectedCounts,
  DEEP_ANALYSIS_AUDIT_MESSAGES as AUDIT,
  type AuditDomainReport,
  type AuditUrlReport,
  CHECKUP_MESSAGES,
} from '@sitelens/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { ReportHeader } from '../report/report-header';
import { ReportLayout } from '../report/report-layout';
import type { ReportCheck } from '../report/report-status';
import { auditStructureQuery, domainReportQuery, urlReportQuery } from './deep-analysis.queries';
import { failedCheckPath, overviewPath } from './paths';
import { SpellingWords } from './spelling-words';

/** Spec 9: a category's passed checks show the first 3, with a toggle for all. */
const PASSED_SHOWN = 3;

/**
 * /deep-analysis/report?w_guid=[&url_guid=][#check_key] (spec 2.4): with both parameters one URL's
 * analysis report, with w_guid only the domain's; without w_guid there is nothing to show.
 */
export function DeepReportScreen() {
  const [params] = useSearchParams();
  const w = params.get('w_guid');
  const u = params.get('url_guid');
  if (!w) return <Navigate to="/deep-analysis" replace />;
  return u ? <UrlReport w={w} u={u} /> : <DomainReport w={w} />;
}

function UrlReport({ w, u }: { w: string; u: string }) {
  const report = useQuery(urlReportQuery(w, u));
  const data = report.data;
  // The spelling check offers "ignore this word" for the words it lists.
  const checkExtra = data
    ? (key: string) => {
        const result = data.results[key];
        return key === 'spell-check' && result && result.status !== 'skipped' ? (
          <SpellingWords w={w} result={result} />
        ) : null;
      }
    : undefined;
  return <DeepReport w={w} heading={AUDIT.urlReport} report={report} checkExtra={checkExtra} />;
}

function DomainReport({ w }: { w: string }) {
  const report = useQuery(domainReportQuery(w));
  const data = report.data;
  // A page or crawl check of the domain report stands for many URLs: say how many and link to them.
  const checkExtra = data
    ? (key: string) => {
        const affected = data.results[key]?.affected_urls;
        return affected ? (
          <AffectedUrls
            w={w}
            checkKey={key}
            affected={affected}
            total={data.analyzed_urls}
            message={data.results[key]!.message}
          />
        ) : null;
      }
    : undefined;
  return <DeepReport w={w} heading={AUDIT.domainReport} report={report} checkExtra={checkExtra} />;
}

/** The counts of a page or crawl check in words, apart from the one its message already says. */
export function affectedWords(affected: AffectedCounts, total: number): string[] {
  const words: string[] = [];
  if (affected.failed > 0) words.push(AUDIT.failsOn(affected.failed, total));
  if (affected.warning > 0) words.push(AUDIT.warnsOn(affected.warning, total));
  if (words.length === 0) words.push(affected.passed > 0 ? AUDIT.passesOn(total) : AUDIT.notChecked);
  return words;
}

function AffectedUrls({
  w,
  checkKey,
  affected,
  total,
  message,
}: {
  w: string;
  checkKey: string;
  affected: AffectedCounts;
  total: number;
  message: string;
}) {
  const words = affectedWords(affected, total).filter((text) => text !== message);
  if (words.length === 0 && affected.failed === 0) return null;
  return (
    <Typography.Paragraph className="check-affected">
      {words.map((text) => (
        <span key={text}>{text} </span>
      ))}
      {affected.failed > 0 && <Link to={failedCheckPath(w, checkKey)}>View affected URLs</Link>}
    </Typography.Paragraph>
  );
}

function DeepReport({
  w,
  heading,
  report,
  checkExtra,
}: {
  w: string;
  heading: string;
  report: UseQueryResult<AuditUrlReport | AuditDomainReport>;
  checkExtra?: (key: string) => ReactNode;
}) {
  const structure = useQuery(auditStructureQuery);
  const { hash } = useLocation();
  const loaded = report.isSuccess && structure.isSuccess;
  // The check of `#key` is drawn only once both answers are in; the browser's own jump came too early.
  useEffect(() => {
    if (!loaded || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);

  const header = <ReportHeader back={overviewPath(w)} backLabel="Back to Deep Analysis" title={heading} />;
  if (report.isError)
    return (
      <div className="report-main">
        {header}
        <Alert
          type="error"
          showIcon
          title={CHECKUP_MESSAGES.reportFetchFailed}
          description={CHECKUP_MESSAGES.noReport}
        />
      </div>
    );
  if (structure.isError)
    return (
      <div className="report-main">
        {header}
        <Alert type="error" showIcon title={CHECKUP_MESSAGES.structureFailed} />
      </div>
    );
  if (report.isPending || structure.isPending)
    return (
      <div className="report-main">
        {header}
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );

  const data = report.data;
  // The audit's results have no pass rate over a list of sites: that is measured for checkups only.
  const results: Record<string, ReportCheck> = {};
  for (const [key, result] of Object.entries(data.results))
    results[key] = { result, top_100_pass_rate: null, pass_rate_sample: null };
  return (
    <ReportLayout
      header={header}
      structure={structure.data}
      sections={data.sections}
      results={results}
      url={data.url}
      createdAt={data.created_at}
      score={data.overview.score}
      counts={data.overview}
      fixes={data.important_fixes}
      checkExtra={checkExtra}
      passedShown={PASSED_SHOWN}
    />
  );
}
