import {
  DEFAULT_TEMPLATE_GUID,
  type ReportTemplate,
  TEMPLATE_ENGINE_VERSION,
  TEMPLATE_THEME,
  type TemplateInputSchema,
  type TemplateListReply,
  type TemplatePatchSchema,
  WHITE_LABEL_DELIVERY_MESSAGES,
  WHITE_LABEL_MESSAGES,
  type WhiteLabelPdfQuerySchema,
  type WhiteLabelPdfReply,
} from '@sitelens/contracts';
import type { z } from 'zod';
import type { QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import { type AuthContext, organizationOf } from '../../http/authenticate';
import type { ReportPdfInput } from '../checkup/report-pdf';
import { latestReportGuid, reportPdfOf } from '../checkup/service';
import type { PlanLimits } from '../sales/plan-limits';
import { readLogo } from './logo';

export interface WhiteLabelDeps {
  query: QueryFn;
  planLimits: PlanLimits;
}

interface TemplateRow {
  id: string;
  name: string;
  header: string;
  footer: string;
  logo_key: string | null;
  logo_png: Buffer | Uint8Array | null;
  updated_at: Date;
}

const COLUMNS = 'id, name, header, footer, logo_key, logo_png, updated_at';

/** The built-in template: the report with no logo, header or footer of the organization's. */
const DEFAULT_TEMPLATE: ReportTemplate = {
  guid: DEFAULT_TEMPLATE_GUID,
  name: 'Default',
  last_modified: 0,
  logo: null,
  content_blocks: { header: '', footer: '' },
  engine_version: TEMPLATE_ENGINE_VERSION,
  theme: TEMPLATE_THEME,
  base64_logo: null,
  editable: false,
};

/** A stored logo as the screens show it. */
export const pngDataUrl = (png: Buffer | Uint8Array) =>
  `data:image/png;base64,${Buffer.from(png).toString('base64')}`;

export const logoPath = (guid: string) => `/api/white-label/template/${guid}/logo`;

function toTemplate(row: TemplateRow): ReportTemplate {
  return {
    guid: row.id,
    name: row.name,
    last_modified: Math.floor(new Date(row.updated_at).getTime() / 1000),
    logo: row.logo_png ? logoPath(row.id) : null,
    content_blocks: { header: row.header, footer: row.footer },
    engine_version: TEMPLATE_ENGINE_VERSION,
    theme: TEMPLATE_THEME,
    base64_logo: row.logo_png ? pngDataUrl(row.logo_png) : null,
    editable: true,
  };
}

const notFound = () => new AppError('not_found', WHITE_LABEL_MESSAGES.unknownTemplate);
const isUuid = (guid: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(guid);

/** White label is the plan's (or the user's override plan's) feature: 403 with the spec's text without it. */
export async function requireWhiteLabel(deps: WhiteLabelDeps, caller: AuthContext): Promise<string> {
  const organizationId = organizationOf(caller);
  if (!(await deps.planLimits.allowsWhiteLabel(deps.query, organizationId, caller.userId)))
    throw new AppError('forbidden', WHITE_LABEL_MESSAGES.disabled);
  return organizationId;
}

async function findTemplate(query: QueryFn, organizationId: string, guid: string): Promise<TemplateRow> {
  if (!isUuid(guid)) throw notFound();
  const [row] = await query<TemplateRow>(
    `select ${COLUMNS} from white_label_templates where id = $1 and organization_id = $2`,
    [guid, organizationId],
  );
  if (!row) throw notFound();
  return row;
}

/** `GET /white-label/template`: the built-in template, then the organization's, last changed first. */
export async function listTemplates(deps: WhiteLabelDeps, caller: AuthContext): Promise<TemplateListReply> {
  const organizationId = organizationOf(caller);
  const rows = await deps.query<TemplateRow>(
    `select ${COLUMNS} from white_label_templates where organization_id = $1 order by updated_at desc, id`,
    [organizationId],
  );
  return {
    templates: [DEFAULT_TEMPLATE, ...rows.map(toTemplate)],
    allowed: await deps.planLimits.allowsWhiteLabel(deps.query, organizationId, caller.userId),
  };
}

type TemplateInput = z.output<typeof TemplateInputSchema>;
type TemplatePatch = z.output<typeof TemplatePatchSchema>;

/** `POST /white-label/template`. The logo is checked and re-encoded before anything is written. */
export async function createTemplate(
  deps: WhiteLabelDeps,
  caller: AuthContext,
  input: TemplateInput,
): Promise<ReportTemplate> {
  const organizationId = await requireWhiteLabel(deps, caller);
  const logo = input.base64_logo ? await readLogo(input.base64_logo, input.logo_name) : null;
  const [row] = await deps.query<TemplateRow>(
    `insert into white_label_templates (organization_id, name, header, footer, logo_key, logo_png)
     values ($1, $2, $3, $4, case when $5::bytea is null then null else gen_random_uuid() end, $5::bytea)
     returning ${COLUMNS}`,
    [organizationId, input.name, input.content_blocks.header, input.content_blocks.footer, logo],
  );
  return toTemplate(row!);
}

/** `PATCH /white-label/template/{guid}`: the logo changes only when base64_logo is sent (null removes it). */
export async function updateTemplate(
  deps: WhiteLabelDeps,
  caller: AuthContext,
  guid: string,
  patch: TemplatePatch,
): Promise<ReportTemplate> {
  const organizationId = await requireWhiteLabel(deps, caller);
  if (guid === DEFAULT_TEMPLATE_GUID)
    throw new AppError('bad_request', WHITE_LABEL_MESSAGES.defaultNotEditable);
  await findTemplate(deps.query, organizationId, guid);
  const logo = patch.base64_logo ? await readLogo(patch.base64_logo, patch.logo_name) : null;
  const logoChanges = patch.base64_logo !== undefined;
  const [row] = await deps.query<TemplateRow>(
    `update white_label_templates
        set name = $3, header = $4, footer = $5, updated_at = now(),
            logo_key = case when not $6 then logo_key when $7::bytea is null then null else gen_random_uuid() end,
            logo_png = case when not $6 then logo_png else $7::bytea end
      where id = $1 and organization_id = $2
      returning ${COLUMNS}`,
    [
      guid,
      organizationId,
      patch.name,
      patch.content_blocks.header,
      patch.content_blocks.footer,
      logoChanges,
      logo,
    ],
  );
  if (!row) throw notFound();
  return toTemplate(row);
}

/** `DELETE /white-label/template/{guid}`; refused while a schedule or a live share link uses it. */
export async function deleteTemplate(deps: WhiteLabelDeps, caller: AuthContext, guid: string): Promise<void> {
  const organizationId = organizationOf(caller);
  if (guid === DEFAULT_TEMPLATE_GUID)
    throw new AppError('bad_request', WHITE_LABEL_MESSAGES.defaultNotEditable);
  await findTemplate(deps.query, organizationId, guid);
  const rows = await deps.query(
    `delete from white_label_templates t where id = $1 and organization_id = $2
        and not exists (select 1 from white_label_schedules s where s.template_id = t.id)
        and not exists (select 1 from white_label_shares h
                         where h.template_id = t.id and h.revoked_at is null and h.expires_at > now())
      returning id`,
    [guid, organizationId],
  );
  if (rows.length === 0) throw new AppError('conflict', WHITE_LABEL_DELIVERY_MESSAGES.templateInUse);
}

/** `GET /white-label/template/{guid}/logo`: the stored PNG, or 404. */
export async function templateLogo(deps: WhiteLabelDeps, caller: AuthContext, guid: string): Promise<Buffer> {
  const row = await findTemplate(deps.query, organizationOf(caller), guid);
  if (!row.logo_png) throw new AppError('not_found', 'This template has no logo');
  return Buffer.from(row.logo_png);
}

/** A template's branding for the PDF renderer; the built-in template brands nothing. */
export async function brandingOf(
  query: QueryFn,
  organizationId: string,
  guid: string,
): Promise<NonNullable<ReportPdfInput['branding']>> {
  if (guid === DEFAULT_TEMPLATE_GUID) return {};
  const row = await findTemplate(query, organizationId, guid);
  return {
    logo: row.logo_png ? Buffer.from(row.logo_png) : undefined,
    header: row.header,
    footer: row.footer,
  };
}

/**
 * `GET /white-label/pdf`: the saved report of `report_url` (`report_guid`, else its latest) rendered
 * with the template. The file is named after the report's host and date, never the template.
 */
export async function whiteLabelPdf(
  deps: WhiteLabelDeps,
  caller: AuthContext,
  query: z.output<typeof WhiteLabelPdfQuerySchema>,
): Promise<{ pdf: Buffer; fileName: string }> {
  const organizationId = await requireWhiteLabel(deps, caller);
  const branding = await brandingOf(deps.query, organizationId, query.template_guid);
  const guid = query.report_guid ?? (await latestReportGuid(deps.query, organizationId, query.report_url));
  if (!guid) throw new AppError('not_found', WHITE_LABEL_MESSAGES.noReport);
  return brandedReportPdf(deps.query, organizationId, guid, query.report_url, branding);
}

/** The checkup's PDF with a template's branding, named as a report rather than a checkup. */
export async function brandedReportPdf(
  query: QueryFn,
  organizationId: string,
  guid: string,
  url: string,
  branding: NonNullable<ReportPdfInput['branding']>,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { pdf, fileName } = await reportPdfOf(query, organizationId, guid, url, branding);
  return { pdf, fileName: fileName.replace(/^seo-checkup-/, 'seo-report-') };
}

export const pdfReply = ({ pdf, fileName }: { pdf: Buffer; fileName: string }): WhiteLabelPdfReply => ({
  pdf_content: pdf.toString('base64'),
  file_name: fileName,
});
