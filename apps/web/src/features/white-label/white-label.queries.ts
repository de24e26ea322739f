import type {
  ReportDomainListReply,
  ReportTemplate,
  TemplateInput,
  TemplateListReply,
  TemplatePatch,
  UrlListReply,
  WhiteLabelPdfQuery,
  WhiteLabelPdfReply,
} from '@sitelens/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { request, requestBlob } from '../../api/client';
import { saveFile } from '../../api/save-file';

/** Every white-label answer lives under this key. */
export const whiteLabelKey = ['white-label'] as const;

/** `GET /api/report/v2/domains`. */
export type ReportDomainList = ReportDomainListReply;
/** `GET /api/report/v2/urls`: 50 URLs of a domain and the next page's token. */
export type ReportUrlPage = UrlListReply;

/** The built-in template first, then the organization's; and whether the plan allows white label. */
export const templatesQuery = queryOptions({
  queryKey: [...whiteLabelKey, 'templates'],
  queryFn: ({ signal }) => request<TemplateListReply>('/white-label/template', { signal }),
});

export const createTemplate = (input: TemplateInput) =>
  request<ReportTemplate>('/white-label/template', { method: 'POST', body: input });

/** The logo goes only when it changed (null removes it); without it the stored one stays. */
export const updateTemplate = (guid: string, patch: TemplatePatch) =>
  request<ReportTemplate>(`/white-label/template/${encodeURIComponent(guid)}`, {
    method: 'PATCH',
    body: { ...patch, guid },
  });

export const deleteTemplate = (guid: string) =>
  request<void>(`/white-label/template/${encodeURIComponent(guid)}`, { method: 'DELETE' });

/** After a save: the list shows the template at once (newest change first), then is read again. */
export async function templateSaved(queryClient: QueryClient, saved: ReportTemplate): Promise<void> {
  queryClient.setQueryData(templatesQuery.queryKey, (list) => {
    if (!list) return list;
    const [builtIn, ...own] = list.templates;
    const others = own.filter((t) => t.guid !== saved.guid);
    return { ...list, templates: builtIn ? [builtIn, saved, ...others] : [saved, ...others] };
  });
  await queryClient.invalidateQueries({ queryKey: templatesQuery.queryKey });
}

/** After a delete: the row goes at once, then the list is read again. */
export async function templateDeleted(queryClient: QueryClient, guid: string): Promise<void> {
  queryClient.setQueryData(templatesQuery.queryKey, (list) =>
    list ? { ...list, templates: list.templates.filter((t) => t.guid !== guid) } : list,
  );
  await queryClient.invalidateQueries({ queryKey: templatesQuery.queryKey });
}

/** The domains with saved reports: the report cascader's first level. */
export const reportDomainsQuery = queryOptions({
  queryKey: [...whiteLabelKey, 'report-domains'],
  queryFn: ({ signal }) => request<ReportDomainList>('/report/v2/domains', { signal }),
});

/** One page of a domain's saved-report URLs; `nextToken` null is the first page. */
export const reportUrlPageQuery = (domain: string, nextToken: string | null) =>
  queryOptions({
    queryKey: [...whiteLabelKey, 'report-urls', domain, nextToken],
    queryFn: ({ signal }) =>
      request<ReportUrlPage>('/report/v2/urls', {
        query: { domain, next_token: nextToken ?? undefined },
        signal,
      }),
  });

/** The report cascader's first level is the host without `www.`, as the domain list gives it. */
export function reportDomainOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** What the branded PDF is made of: a saved report (its latest when no guid) and a template. */
export type BrandedPdf = Pick<WhiteLabelPdfQuery, 'report_url' | 'report_guid' | 'template_guid'>;

/**
 * The branded PDF's pages as PNG pictures, for the preview: `output_type=pdf` answers the document,
 * and pdf.js (fetched with it, on this screen only) draws its pages.
 */
export const brandedPdfPreviewQuery = (pdf: BrandedPdf) =>
  queryOptions({
    queryKey: [
      ...whiteLabelKey,
      'pdf-preview',
      pdf.report_url,
      pdf.report_guid ?? 'latest',
      pdf.template_guid,
    ],
    queryFn: async ({ signal }) => {
      const drawer = import('./pdf-pages');
      const document = await requestBlob('/white-label/pdf', {
        query: { ...pdf, output_type: 'pdf' },
        signal,
      });
      return (await drawer).pdfPageImages(document, signal);
    },
    // Pictures of pages are large: they are not kept once their preview is gone.
    gcTime: 0,
  });

/** Downloads the branded PDF: the JSON answer's base64 `pdf_content`, saved as its `file_name`. */
export async function downloadBrandedPdf(pdf: BrandedPdf): Promise<void> {
  const { pdf_content, file_name } = await request<WhiteLabelPdfReply>('/white-label/pdf', { query: pdf });
  const bytes = Uint8Array.from(atob(pdf_content), (c) => c.charCodeAt(0));
  saveFile(new Blob([bytes], { type: 'application/pdf' }), file_name);
}
