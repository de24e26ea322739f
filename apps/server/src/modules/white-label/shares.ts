import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_TEMPLATE_GUID,
  type Share,
  type ShareCreated,
  type SharedReport,
  type ShareInputSchema,
  WHITE_LABEL_DELIVERY_MESSAGES,
  WHITE_LABEL_MESSAGES,
} from '@sitelens/contracts';
import type { z } from 'zod';
import type { QueryFn } from '../../db/client';
import { AppError } from '../../errors';
import { type AuthContext, organizationOf } from '../../http/authenticate';
import { latestReportGuid, reportDocument, reportOf, snapshotOf, structure } from '../checkup/service';
import { templateIdFor } from './schedules';
import { brandedReportPdf, brandingOf, pngDataUrl, requireWhiteLabel, type WhiteLabelDeps } from './service';

/** Where the web app shows a shared report; the token is the whole key. */
export const SHARED_REPORT_PATH = '/shared/report';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

interface ShareRow {
  id: string;
  report_id: string;
  url: string;
  template_id: string | null;
  template_name: string | null;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
}

const SHARE_SELECT = `
  select h.id, h.report_id, h.url, h.template_id, t.name as template_name, h.expires_at, h.revoked_at, h.created_at
    from white_label_shares h left join white_label_templates t on t.id = h.template_id`;

function toShare(row: ShareRow, now = Date.now()): Share {
  return {
    guid: row.id,
    report_guid: row.report_id,
    report_url: row.url,
    template_guid: row.template_id ?? DEFAULT_TEMPLATE_GUID,
    template_name: row.template_name ?? 'Default',
    expires_at: new Date(row.expires_at).toISOString(),
    revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
    c_at: new Date(row.created_at).toISOString(),
    state: row.revoked_at ? 'revoked' : new Date(row.expires_at).getTime() <= now ? 'expired' : 'active',
  };
}

/** `POST /white-label/shares`: a link to the report (report_guid, else the latest of report_url). */
export async function createShare(
  deps: WhiteLabelDeps,
  caller: AuthContext,
  input: z.output<typeof ShareInputSchema>,
  publicUrl: string,
): Promise<ShareCreated> {
  const organizationId = await requireWhiteLabel(deps, caller);
  const templateId = await templateIdFor(deps.query, organizationId, input.template_guid);
  const guid = input.report_guid ?? (await latestReportGuid(deps.query, organizationId, input.report_url));
  if (!guid) throw new AppError('not_found', WHITE_LABEL_MESSAGES.noReport);
  // Only a finished report of this organization, with this URL among its targets, can be shared.
  const { input: document } = await reportDocument(deps.query, organizationId, guid, input.report_url);
  const token = randomBytes(32).toString('base64url');
  const [row] = await deps.query<{ id: string }>(
    `insert into white_label_shares (organization_id, report_id, url, template_id, token_hash, expires_at, created_by)
     values ($1, $2, $3, $4, $5, now() + make_interval(days => $6), $7) returning id`,
    [organizationId, guid, document.url, templateId, hashOf(token), input.expires_in_days, caller.userId],
  );
  const [share] = await deps.query<ShareRow>(`${SHARE_SELECT} where h.id = $1`, [row!.id]);
  return { ...toShare(share!), link: `${publicUrl.replace(/\/$/, '')}${SHARED_REPORT_PATH}/${token}` };
}

export async function listShares(deps: WhiteLabelDeps, caller: AuthContext): Promise<Share[]> {
  const rows = await deps.query<ShareRow>(
    `${SHARE_SELECT} where h.organization_id = $1 order by h.created_at desc, h.id`,
    [organizationOf(caller)],
  );
  return rows.map((row) => toShare(row));
}

/** `DELETE /white-label/shares/{guid}`: the link stops opening at once; the row stays, marked revoked. */
export async function revokeShare(deps: WhiteLabelDeps, caller: AuthContext, guid: string): Promise<Share> {
  const [row] = await deps.query<{ id: string }>(
    `update white_label_shares set revoked_at = coalesce(revoked_at, now())
      where id = $1 and organization_id = $2 returning id`,
    [guid, organizationOf(caller)],
  );
  if (!row) throw new AppError('not_found', WHITE_LABEL_DELIVERY_MESSAGES.unknownShare);
  const [share] = await deps.query<ShareRow>(`${SHARE_SELECT} where h.id = $1`, [row.id]);
  return toShare(share!);
}

interface OpenShare {
  organization_id: string;
  report_id: string;
  url: string;
  template_id: string | null;
  expires_at: Date;
}

/** The share a token opens: 404 for a token that is not one, 410 once it expired or was revoked. */
async function openShare(query: QueryFn, token: string): Promise<OpenShare> {
  const [row] = await query<OpenShare & { revoked_at: Date | null }>(
    `select organization_id, report_id, url, template_id, expires_at, revoked_at
       from white_label_shares where token_hash = $1`,
    [hashOf(token)],
  );
  if (!row) throw new AppError('not_found', WHITE_LABEL_DELIVERY_MESSAGES.shareGone);
  if (row.revoked_at || new Date(row.expires_at).getTime() <= Date.now())
    throw new AppError('gone', WHITE_LABEL_DELIVERY_MESSAGES.shareGone);
  return row;
}

/** `GET /shared/report/{token}` (no session): the branded report as the read-only page shows it. */
export async function sharedReport(query: QueryFn, token: string): Promise<SharedReport> {
  const share = await openShare(query, token);
  const branding = await brandingOf(query, share.organization_id, share.template_id ?? DEFAULT_TEMPLATE_GUID);
  const report = await reportOf(query, share.organization_id, share.report_id, share.url, 'results');
  const results = report.results?.[report.url] ?? {};
  // The snapshot's own route needs a session: the shared one serves it by the token instead.
  const snapshot = results['mobile-snapshot'];
  if (snapshot?.result.snapshot_url)
    results['mobile-snapshot'] = {
      ...snapshot,
      result: { ...snapshot.result, snapshot_url: `/api${SHARED_REPORT_PATH}/${token}/snapshot` },
    };
  return {
    branding: {
      header: branding.header ?? '',
      footer: branding.footer ?? '',
      base64_logo: branding.logo ? pngDataUrl(branding.logo) : null,
    },
    // Only the shared URL's results: a competitor's stay with the team.
    report: { ...report, results: { [report.url]: results } },
    structure: structure(),
    expires_at: new Date(share.expires_at).toISOString(),
  };
}

/** `GET /shared/report/{token}/snapshot` (no session): the shared URL's mobile snapshot. */
export async function sharedReportSnapshot(query: QueryFn, token: string): Promise<Buffer> {
  const share = await openShare(query, token);
  return snapshotOf(query, share.organization_id, share.report_id, share.url);
}

/** `GET /shared/report/{token}/pdf` (no session): the same report as the branded PDF. */
export async function sharedReportPdf(query: QueryFn, token: string) {
  const share = await openShare(query, token);
  const branding = await brandingOf(query, share.organization_id, share.template_id ?? DEFAULT_TEMPLATE_GUID);
  return brandedReportPdf(query, share.organization_id, share.report_id, share.url, branding);
}
