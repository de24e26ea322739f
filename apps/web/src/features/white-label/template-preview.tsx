import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { type BrandedPdf, brandedPdfPreviewQuery } from './white-label.queries';

const messages = {
  region: 'Template preview',
  sample: 'Choose a saved report to preview it',
  frame: 'Report preview',
  logo: 'Template logo',
  loading: 'Loading the preview',
};

/**
 * A template as a page of the PDF shows it, before a report is chosen: its logo, header and footer
 * around a placeholder. Header and footer are text, never markup (React escapes them).
 */
export function TemplatePreview({
  logo,
  header,
  footer,
  body = messages.sample,
}: {
  logo: string | null;
  header: string;
  footer: string;
  /** What stands for the report between header and footer. */
  body?: string;
}) {
  return (
    <section className="wl-preview wl-sheet" aria-label={messages.region}>
      <div className="wl-sheet-top">
        {logo && <img src={logo} alt={messages.logo} className="wl-logo" />}
        {header && <p className="wl-sheet-header">{header}</p>}
      </div>
      <p className="wl-sheet-body">{body}</p>
      {footer && <p className="wl-sheet-footer">{footer}</p>}
    </section>
  );
}

/** A Blob as an object URL for as long as it is shown; revoked when it changes or goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [shown, setShown] = useState<{ blob: Blob; href: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const href = URL.createObjectURL(blob);
    setShown({ blob, href });
    return () => URL.revokeObjectURL(href);
  }, [blob]);
  // Until the effect runs for a new Blob, the old (revoked) address is not shown.
  return shown && shown.blob === blob ? shown.href : null;
}

/** The branded PDF of the chosen report and template, in a frame (read with the session's token). */
export function ReportPreview({ pdf }: { pdf: BrandedPdf }) {
  const answer = useQuery(brandedPdfPreviewQuery(pdf));
  const href = useObjectUrl(answer.data);
  if (answer.isError) return <ServerErrorAlert error={answer.error} />;
  if (!href)
    return (
      <div role="status" aria-label={messages.loading}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  return <iframe title={messages.frame} src={href} className="wl-preview wl-frame" />;
}
