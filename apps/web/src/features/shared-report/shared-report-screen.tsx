import { DownloadOutlined } from '@ant-design/icons';
import {
  formatDate,
  type SectionReply,
  type SharedReport,
  WHITE_LABEL_DELIVERY_MESSAGES,
} from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { RequestError } from '../../api/client';
import { ReportLayout } from '../report/report-layout';
import { type CheckOutcome, countsOf, scoreOf } from '../report/report-status';
import { useErrorText } from '../websites/server-error-alert';
import { sharedReportPdfHref, sharedReportQuery } from './shared-report.queries';
import './shared-report.css';

/** The page is the agency's, not ours: no product name, no sign-in, only the report and its branding. */
export const SHARED_REPORT_MESSAGES = {
  gone: WHITE_LABEL_DELIVERY_MESSAGES.shareGone,
  failed: 'This report could not be loaded.',
  retry: 'Try again',
  downloadPdf: 'Download PDF',
  logo: 'Logo',
  pageTitle: 'Shared report',
  reportTitle: (url: string) => `SEO report: ${url}`,
  expires: (date: string) => `This link expires on ${date}`,
};

/** A logo the page may show: only an image data URL, as the server makes it. */
const isImageDataUrl = (value: string | null): value is string => !!value?.startsWith('data:image/');

/** `/shared/report/:token`: the read-only branded report behind a share link, for anyone who has it. */
export function SharedReportScreen() {
  const { token = '' } = useParams();
  const shared = useQuery(sharedReportQuery(token));
  const url = shared.data?.report.url;

  useEffect(() => {
    document.title = url ? SHARED_REPORT_MESSAGES.reportTitle(url) : SHARED_REPORT_MESSAGES.pageTitle;
  }, [url]);

  if (shared.isPending) return <Spin size="large" className="page-loading" aria-label="Loading" />;
  if (shared.isError)
    return (
      <main className="shared-report-state">
        <SharedReportError error={shared.error} onRetry={() => void shared.refetch()} />
      </main>
    );
  return <SharedReportView token={token} shared={shared.data} />;
}

/** 404 (no such link) and 410 (expired, revoked) are the same to a visitor: the link is gone. */
function SharedReportError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const text = useErrorText(error);
  const gone = error instanceof RequestError && (error.status === 404 || error.status === 410);
  if (gone)
    return (
      <Result
        status="warning"
        title={<h1 className="shared-report-state-title">{text ?? SHARED_REPORT_MESSAGES.gone}</h1>}
      />
    );
  return (
    <Result
      status="error"
      title={<h1 className="shared-report-state-title">{SHARED_REPORT_MESSAGES.failed}</h1>}
      subTitle={text}
      extra={<Button onClick={onRetry}>{SHARED_REPORT_MESSAGES.retry}</Button>}
    />
  );
}

function SharedReportView({ token, shared }: { token: string; shared: SharedReport }) {
  const { branding, report, structure, expires_at } = shared;
  const replies: Record<string, SectionReply> = report.results?.[report.url] ?? {};
  // A finished report: a check without a result could not be read and is left out, not "loading".
  const results: Record<string, CheckOutcome> = Object.fromEntries(
    report.sections.map((key) => [key, replies[key] ?? 'failed']),
  );
  const counted = Object.values(replies).map((reply) => reply.result);
  const counts = report.overview ?? countsOf(counted);
  const score = report.overview?.score ?? scoreOf(counted);
  const fixes = [...report.important_fixes].sort((a, b) => b.relevance - a.relevance);
  const logo = isImageDataUrl(branding.base64_logo) ? branding.base64_logo : null;

  return (
    <div className="shared-report">
      {(logo || branding.header) && (
        <header className="shared-report-brand">
          {logo && <img src={logo} alt={SHARED_REPORT_MESSAGES.logo} className="shared-report-logo" />}
          {/* Header and footer are the template's plain text: React shows any markup in them as text. */}
          {branding.header && <h1 className="shared-report-header-text">{branding.header}</h1>}
        </header>
      )}
      {/* The page's one h1: the agency's header, else a title for screen readers only. */}
      {!branding.header && (
        <h1 className="visually-hidden">{SHARED_REPORT_MESSAGES.reportTitle(report.url)}</h1>
      )}
      <main className="shared-report-body">
        <ReportLayout
          structure={structure}
          sections={report.sections}
          results={results}
          url={report.url}
          createdAt={report.created_at}
          score={score}
          counts={counts}
          fixes={fixes}
          actions={
            <Button type="primary" icon={<DownloadOutlined />} href={sharedReportPdfHref(token)}>
              {SHARED_REPORT_MESSAGES.downloadPdf}
            </Button>
          }
        />
        <footer className="shared-report-footer">
          {branding.footer && <Typography.Paragraph>{branding.footer}</Typography.Paragraph>}
          <Typography.Paragraph type="secondary" className="shared-report-expiry">
            {SHARED_REPORT_MESSAGES.expires(formatDate(expires_at))}
          </Typography.Paragraph>
        </footer>
      </main>
    </div>
  );
}
