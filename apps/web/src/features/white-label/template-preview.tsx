import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { ServerErrorAlert } from '../websites/server-error-alert';
import type { PageImage } from './pdf-pages';
import { type BrandedPdf, brandedPdfPreviewQuery } from './white-label.queries';

const messages = {
  region: 'Template preview',
  sample: 'Choose a saved report to preview it',
  pages: 'Report preview',
  page: (number: number, count: number) => `Page ${number} of ${count}`,
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

/** Pages' pictures as object URLs for as long as they are shown; revoked when they change or go. */
function usePageUrls(pages: readonly PageImage[] | undefined) {
  const [shown, setShown] = useState<{
    pages: readonly PageImage[];
    urls: (Omit<PageImage, 'blob'> & { href: string })[];
  } | null>(null);
  useEffect(() => {
    if (!pages) return;
    const urls = pages.map(({ blob, width, height }) => ({ href: URL.createObjectURL(blob), width, height }));
    setShown({ pages, urls });
    return () => {
      for (const { href } of urls) URL.revokeObjectURL(href);
    };
  }, [pages]);
  // Until the effect runs for new pages, the old (revoked) addresses are not shown.
  return shown && shown.pages === pages ? shown.urls : null;
}

/**
 * The branded PDF of the chosen report and template, its pages as pictures (drawn in the browser
 * by pdf.js, the same in every browser), in a box that scrolls.
 */
export function ReportPreview({ pdf }: { pdf: BrandedPdf }) {
  const answer = useQuery(brandedPdfPreviewQuery(pdf));
  const pages = usePageUrls(answer.data);
  if (answer.isError) return <ServerErrorAlert error={answer.error} />;
  if (!pages)
    return (
      <div role="status" aria-label={messages.loading}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  return (
    // Focusable: the box scrolls, and a keyboard scrolls it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard
    <section className="wl-preview wl-pages" aria-label={messages.pages} tabIndex={0}>
      {pages.map((page, index) => (
        <img
          key={page.href}
          src={page.href}
          width={page.width}
          height={page.height}
          alt={messages.page(index + 1, pages.length)}
          className="wl-page"
        />
      ))}
    </section>
  );
}
