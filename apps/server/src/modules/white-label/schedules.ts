import {
  DEFAULT_TEMPLATE_GUID,
  type Schedule,
  type ScheduleFrequency,
  type ScheduleInputSchema,
  type SchedulePatchSchema,
  WHITE_LABEL_DELIVERY_LIMITS,
  WHITE_LABEL_DELIVERY_MESSAGES,
  WHITE_LABEL_MESSAGES,
} from '@sitelens/contracts';
import type { Logger } from 'pino';
import { z } from 'zod';
import { loadConfig } from '../../config';
import type { Database, QueryFn } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import { type AuthContext, organizationOf } from '../../http/authenticate';
import { defineJob } from '../../jobs/define-job';
import { createMailer, escapeHtml, type Mail, type Mailer } from '../../providers/mail/mailer';
import { domainUrlPatterns } from '../checkup/service';
import { createPlanLimits, type PlanLimits } from '../sales/plan-limits';
import { brandedReportPdf, brandingOf, requireWhiteLabel, type WhiteLabelDeps } from './service';

/**
 * A claimed send whose worker has not renewed its lease for this long is taken to have died with
 * it; the job runs every minute, so a killed send goes out again within two minutes.
 */
export const LEASE_SECONDS = 60;
/** How often a live send renews its lease: a large report's PDF takes longer than one lease. */
export const LEASE_RENEW_MS = 20_000;
/** Attempts at one period's send before it is marked failed. */
export const MAX_SEND_ATTEMPTS = 3;

/** The period a schedule sends once in: the ISO week (`2026-W48`) or the month (`2026-11`), in UTC. */
export function periodOf(frequency: ScheduleFrequency, at: Date): string {
  if (frequency === 'monthly') return at.toISOString().slice(0, 7);
  // ISO 8601: the week belongs to the year of its Thursday.
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

interface ScheduleRow {
  id: string;
  website_id: string;
  domain: string;
  template_id: string | null;
  template_name: string | null;
  recipient: string;
  frequency: ScheduleFrequency;
  enabled: boolean;
  created_at: Date;
  last_send: { period: string; status: string; error: string | null; sent_at: string | null } | null;
}

const SCHEDULE_SELECT = `
  select s.id, s.website_id, w.domain, s.template_id, t.name as template_name, s.recipient, s.frequency,
         s.enabled, s.created_at,
         (select to_jsonb(l) from (select period, status, error, sent_at from white_label_sends
                                    where schedule_id = s.id order by created_at desc limit 1) l) as last_send
    from white_label_schedules s
    join websites w on w.id = s.website_id
    left join white_label_templates t on t.id = s.template_id`;

function toSchedule(row: ScheduleRow): Schedule {
  return {
    guid: row.id,
    website_guid: row.website_id,
    domain: row.domain,
    template_guid: row.template_id ?? DEFAULT_TEMPLATE_GUID,
    template_name: row.template_name ?? 'Default',
    recipient: row.recipient,
    frequency: row.frequency,
    enabled: row.enabled,
    c_at: new Date(row.created_at).toISOString(),
    last_send: row.last_send
      ? {
          period: row.last_send.period,
          status: row.last_send.status as NonNullable<Schedule['last_send']>['status'],
          error: row.last_send.error,
          sent_at: row.last_send.sent_at ? new Date(row.last_send.sent_at).toISOString() : null,
        }
      : null,
  };
}

async function findSchedule(query: QueryFn, organizationId: string, guid: string): Promise<Schedule> {
  const [row] = await query<ScheduleRow>(`${SCHEDULE_SELECT} where s.id = $1 and s.organization_id = $2`, [
    guid,
    organizationId,
  ]);
  if (!row) throw new AppError('not_found', WHITE_LABEL_DELIVERY_MESSAGES.unknownSchedule);
  return toSchedule(row);
}

/** A template of the organization as a schedule or share stores it: null for the built-in one. */
export async function templateIdFor(
  query: QueryFn,
  organizationId: string,
  guid: string,
): Promise<string | null> {
  if (guid === DEFAULT_TEMPLATE_GUID) return null;
  const [row] = await query<{ id: string }>(
    'select id from white_label_templates where id = $1 and organization_id = $2',
    [guid, organizationId],
  );
  if (!row) throw fieldError('not_found', 'template_guid', WHITE_LABEL_MESSAGES.unknownTemplate);
  return row.id;
}

export async function listSchedules(deps: WhiteLabelDeps, caller: AuthContext): Promise<Schedule[]> {
  const rows = await deps.query<ScheduleRow>(
    `${SCHEDULE_SELECT} where s.organization_id = $1 order by s.created_at, s.id`,
    [organizationOf(caller)],
  );
  return rows.map(toSchedule);
}

/** `POST /white-label/schedules`; the organization's row lock makes the limit hold under races. */
export async function createSchedule(
  deps: WhiteLabelDeps & { transaction: Database['transaction'] },
  caller: AuthContext,
  input: z.output<typeof ScheduleInputSchema>,
): Promise<Schedule> {
  const organizationId = await requireWhiteLabel(deps, caller);
  const id = await deps.transaction(async (query) => {
    await query('select 1 from organizations where id = $1 for update', [organizationId]);
    const [website] = await query<{ id: string }>(
      'select id from websites where id = $1 and organization_id = $2',
      [input.website_guid, organizationId],
    );
    if (!website) throw fieldError('not_found', 'website_guid', WHITE_LABEL_DELIVERY_MESSAGES.unknownWebsite);
    const templateId = await templateIdFor(query, organizationId, input.template_guid);
    const [{ n }] = (await query<{ n: number }>(
      'select count(*)::int as n from white_label_schedules where organization_id = $1',
      [organizationId],
    )) as [{ n: number }];
    if (n >= WHITE_LABEL_DELIVERY_LIMITS.schedules)
      throw new AppError('conflict', WHITE_LABEL_DELIVERY_MESSAGES.tooManySchedules);
    const [row] = await query<{ id: string }>(
      `insert into white_label_schedules (organization_id, website_id, template_id, recipient, frequency, created_by)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [organizationId, website.id, templateId, input.recipient, input.frequency, caller.userId],
    );
    return row!.id;
  });
  return findSchedule(deps.query, organizationId, id);
}

export async function updateSchedule(
  deps: WhiteLabelDeps,
  caller: AuthContext,
  guid: string,
  patch: z.output<typeof SchedulePatchSchema>,
): Promise<Schedule> {
  const organizationId = await requireWhiteLabel(deps, caller);
  const current = await findSchedule(deps.query, organizationId, guid);
  const templateId =
    patch.template_guid === undefined
      ? current.template_guid === DEFAULT_TEMPLATE_GUID
        ? null
        : current.template_guid
      : await templateIdFor(deps.query, organizationId, patch.template_guid);
  await deps.query(
    `update white_label_schedules set template_id = $3, recipient = $4, frequency = $5, enabled = $6
      where id = $1 and organization_id = $2`,
    [
      guid,
      organizationId,
      templateId,
      patch.recipient ?? current.recipient,
      patch.frequency ?? current.frequency,
      patch.enabled ?? current.enabled,
    ],
  );
  return findSchedule(deps.query, organizationId, guid);
}

export async function deleteSchedule(deps: WhiteLabelDeps, caller: AuthContext, guid: string): Promise<void> {
  const rows = await deps.query(
    'delete from white_label_schedules where id = $1 and organization_id = $2 returning id',
    [guid, organizationOf(caller)],
  );
  if (rows.length === 0) throw new AppError('not_found', WHITE_LABEL_DELIVERY_MESSAGES.unknownSchedule);
}

interface ClaimedSend {
  id: string;
  schedule_id: string;
  period: string;
  attempts: number;
}

interface SendContext {
  database: Database;
  mailer: Mailer;
  planLimits: PlanLimits;
  logger: Logger;
  now?: Date;
  /** Default LEASE_RENEW_MS. */
  renewEveryMs?: number;
}

/**
 * Claims this period's send of every enabled schedule that has none (the unique row is the claim,
 * so two runs at once claim each period once) and takes back claims whose worker died; then sends
 * each claimed one. Answers how many mails went out.
 */
export async function sendDueSchedules(context: SendContext): Promise<number> {
  const now = context.now ?? new Date();
  const { query } = context.database;
  const claimed = await query<ClaimedSend>(
    `insert into white_label_sends (schedule_id, period, lease_until)
     select s.id, case s.frequency when 'weekly' then $1 else $2 end, now() + make_interval(secs => $3)
       from white_label_schedules s where s.enabled
     on conflict (schedule_id, period) do nothing
     returning id, schedule_id, period, attempts`,
    [periodOf('weekly', now), periodOf('monthly', now), LEASE_SECONDS],
  );
  const retaken = await query<ClaimedSend>(
    `update white_label_sends set attempts = attempts + 1, lease_until = now() + make_interval(secs => $1)
      where status = 'sending' and lease_until < now() and attempts < $2
      returning id, schedule_id, period, attempts`,
    [LEASE_SECONDS, MAX_SEND_ATTEMPTS],
  );
  await query(
    `update white_label_sends set status = 'failed', error = coalesce(error, 'The send did not finish.')
      where status = 'sending' and lease_until < now() and attempts >= $1`,
    [MAX_SEND_ATTEMPTS],
  );
  let sent = 0;
  for (const send of [...claimed, ...retaken]) {
    if (await whileLeased(context, send, () => sendOne(context, send))) sent += 1;
  }
  return sent;
}

/** Runs `work` while renewing the send's lease, so only a dead worker's send is taken back. */
async function whileLeased<T>(context: SendContext, send: ClaimedSend, work: () => Promise<T>): Promise<T> {
  const renew = setInterval(() => {
    context.database
      .query(
        `update white_label_sends set lease_until = now() + make_interval(secs => $2)
          where id = $1 and status = 'sending'`,
        [send.id, LEASE_SECONDS],
      )
      .catch((error) =>
        context.logger.warn({ err: error, send: send.id }, 'white-label send lease not renewed'),
      );
  }, context.renewEveryMs ?? LEASE_RENEW_MS);
  try {
    return await work();
  } finally {
    clearInterval(renew);
  }
}

async function finish(
  query: QueryFn,
  send: ClaimedSend,
  status: 'sent' | 'skipped',
  reportId: string | null,
  error: string | null,
) {
  await query(
    `update white_label_sends set status = $2, report_id = $3, error = $4,
            sent_at = case when $2 = 'sent' then now() else null end
      where id = $1`,
    [send.id, status, reportId, error],
  );
}

async function sendOne(context: SendContext, send: ClaimedSend): Promise<boolean> {
  const { query } = context.database;
  const [schedule] = await query<{
    organization_id: string;
    created_by: string | null;
    website_id: string;
    domain: string;
    homepage_url: string;
    template_id: string | null;
    recipient: string;
  }>(
    `select s.organization_id, s.created_by, s.website_id, w.domain, w.homepage_url, s.template_id, s.recipient
       from white_label_schedules s join websites w on w.id = s.website_id where s.id = $1`,
    [send.schedule_id],
  );
  if (!schedule) return false;
  try {
    const allowed = await context.planLimits.allowsWhiteLabel(
      query,
      schedule.organization_id,
      schedule.created_by ?? '00000000-0000-0000-0000-000000000000',
    );
    if (!allowed) {
      await finish(query, send, 'skipped', null, WHITE_LABEL_MESSAGES.disabled);
      return false;
    }
    const [report] = await query<{ id: string; url: string }>(
      `select id, url from reports
        where organization_id = $1 and status = 'done'
          and (website_id = $2 or url like any($3::text[]))
        order by created_at desc limit 1`,
      [
        schedule.organization_id,
        schedule.website_id,
        domainUrlPatterns(schedule.domain.replace(/^www\./, '')),
      ],
    );
    if (!report) {
      await finish(query, send, 'skipped', null, WHITE_LABEL_DELIVERY_MESSAGES.noReportYet);
      return false;
    }
    const branding = await brandingOf(
      query,
      schedule.organization_id,
      schedule.template_id ?? DEFAULT_TEMPLATE_GUID,
    );
    const { pdf, fileName } = await brandedReportPdf(
      query,
      schedule.organization_id,
      report.id,
      report.url,
      branding,
    );
    await context.mailer.send(
      reportMail(schedule.recipient, schedule.domain, send.period, branding, {
        filename: fileName,
        content: pdf,
        contentType: 'application/pdf',
      }),
    );
    await finish(query, send, 'sent', report.id, null);
    return true;
  } catch (error) {
    context.logger.warn({ err: error, send: send.id }, 'scheduled white-label report not sent');
    // Left 'sending' with its lease: the next run after the lease takes it again, until the last attempt.
    await query('update white_label_sends set error = $2 where id = $1', [send.id, (error as Error).message]);
    return false;
  }
}

/** The client's mail: the agency's header and footer around one line, no product name; the PDF attached. */
function reportMail(
  to: string,
  domain: string,
  period: string,
  branding: { header?: string; footer?: string },
  attachment: { filename: string; content: Buffer; contentType: string },
): Mail {
  const lines = [
    branding.header?.trim(),
    `Attached is the latest SEO report of ${domain}.`,
    branding.footer?.trim(),
  ].filter((line): line is string => Boolean(line));
  return {
    to,
    subject: `SEO report for ${domain} (${period})`,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2329;line-height:1.5">${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n')}</body></html>`,
    links: [],
    attachments: [attachment],
  };
}

/** Every minute, whichever worker takes it sends the periods that are due and takes back dead sends. */
export const whiteLabelSchedulesJob = defineJob(
  'white-label.schedules',
  z.object({}),
  async (_payload, { database, logger }) => {
    const config = loadConfig();
    await sendDueSchedules({
      database,
      logger,
      mailer: createMailer({ database, logger, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
      planLimits: createPlanLimits({
        billing: config.BILLING_PROVIDER,
        defaultPlanCode: config.DEFAULT_PLAN,
      }),
    });
  },
  { cron: '* * * * *', retryLimit: 0, expireInSeconds: 15 * 60 },
);
