import { OUTAGE_MERGE_GAP_MS, outageScope } from '@sitelens/contracts';
import type { QueryFn } from '../../db/client';
import { type FailedCheck, queueOutageNotifications } from '../notifications/deliveries';

interface WebsiteState {
  id: string;
  organization_id: string;
  regions: string[];
  failing: string[];
  /** The checks failing among the latest ones. */
  failing_checks: FailedCheck[];
  /** The earliest failed check among the latest ones (when a new outage starts). */
  failed_at: Date | null;
  /** The latest check (when an outage ends). */
  checked_at: Date | null;
}

interface OpenOutage {
  id: string;
  website_id: string;
  regions: string[];
  scope: 'regional' | 'global';
}

/**
 * Opens, widens, closes or reopens the outages of these websites from their latest check at each
 * region, in the caller's transaction (the one that wrote the results): an outage opens when the
 * failing regions reach the quorum (`outageScope`), turns global once every region failed, closes
 * when the quorum is no longer met, and one failing again within 5 minutes of closing is reopened.
 * A lock per website orders probes writing about one website at once, so none misses another's
 * results; its failed checks are copied to `outage_events`, each once. Each opening and closing
 * queues its notifications in the same transaction. Returns how many outages opened or closed.
 */
export async function updateOutages(
  query: QueryFn,
  websiteIds: readonly string[],
  quorum: number,
): Promise<number> {
  const ids = [...new Set(websiteIds)].sort();
  if (ids.length === 0) return 0;
  let changes = 0;
  await query(
    `select pg_advisory_xact_lock(hashtext('outage:' || id)) from unnest($1::text[]) as id order by id`,
    [ids],
  );
  const states = await query<WebsiteState>(
    `with latest as (
       select distinct on (r.website_id, r.region, r."check") r.website_id, r.region, r."check", r.ok, r.checked_at
         from monitor_results r
        where r.website_id = any($1::uuid[]) and r.checked_at > now() - interval '1 hour'
        order by r.website_id, r.region, r."check", r.slot_at desc),
     -- A page load runs once per speed period (15 minutes): a failed one counts only until the
     -- region's next HTTP check answers, or it would hold an outage open long after the site is back.
     current as (
       select l.* from latest l
        where l."check" <> 'page_load'
           or not exists (select 1 from latest h
                           where h.website_id = l.website_id and h.region = l.region
                             and h."check" = 'http' and h.checked_at > l.checked_at))
     select w.id, w.organization_id,
            array(select jsonb_array_elements_text(coalesce(w.settings -> 'regions', '[]'::jsonb))) as regions,
            coalesce(array_agg(distinct l.region) filter (where not l.ok), '{}') as failing,
            coalesce(array_agg(distinct l."check") filter (where not l.ok), '{}') as failing_checks,
            min(l.checked_at) filter (where not l.ok) as failed_at,
            max(l.checked_at) as checked_at
       from websites w left join current l on l.website_id = w.id
      where w.id = any($1::uuid[])
      group by w.id`,
    [ids],
  );
  const open = new Map(
    (
      await query<OpenOutage>(
        'select id, website_id, regions, scope from outages where website_id = any($1::uuid[]) and ended_at is null',
        [ids],
      )
    ).map((outage) => [outage.website_id, outage]),
  );

  for (const state of states) {
    const scope = outageScope(state.failing, state.regions, quorum);
    const current = open.get(state.id);
    if (scope === 'none') {
      if (current) {
        await query('update outages set ended_at = $2 where id = $1', [current.id, state.checked_at]);
        await queueOutageNotifications(query, {
          outageId: current.id,
          event: 'outage_closed',
          occurredAt: new Date(state.checked_at!),
          checks: [],
        });
        changes++;
      }
      continue;
    }
    if (current) {
      // A region's probe may write a failed check older than the outage's start (its flush came
      // later than another region's): the outage started then, so that check is among its events.
      await query(
        `update outages set regions = array(select distinct unnest(regions || $2::text[]) order by 1),
                scope = case when $3 = 'global' then 'global' else scope end,
                started_at = least(started_at, $4::timestamptz)
          where id = $1`,
        [current.id, state.failing, scope, state.failed_at],
      );
      continue;
    }
    // Down again within the merge gap of the last outage: that outage goes on.
    const [reopened] = await query<{ id: string }>(
      `update outages set ended_at = null, regions = array(select distinct unnest(regions || $2::text[]) order by 1),
              scope = case when $3 = 'global' then 'global' else scope end
        where id = (select id from outages where website_id = $1 and ended_at >= $4::timestamptz - make_interval(secs => $5)
                     order by ended_at desc limit 1)
        returning id`,
      [state.id, state.failing, scope, state.failed_at, OUTAGE_MERGE_GAP_MS / 1000],
    );
    const [opened] = reopened
      ? [reopened]
      : await query<{ id: string }>(
          `insert into outages (website_id, organization_id, scope, regions, started_at)
           values ($1, $2, $3, array(select distinct unnest($4::text[]) order by 1), $5) returning id`,
          [state.id, state.organization_id, scope, state.failing, state.failed_at],
        );
    await queueOutageNotifications(query, {
      outageId: opened!.id,
      event: 'outage_opened',
      occurredAt: new Date(state.failed_at!),
      checks: state.failing_checks,
    });
    changes++;
  }

  // The failed checks of the outages under way, each once.
  await query(
    `insert into outage_events (outage_id, region, type, created_at, value, error)
     select o.id, r.region, case when r."check" = 'ping' then 'ping' else 'loading_time' end, r.checked_at,
            case when r."check" = 'ping' then 'false'::jsonb else to_jsonb(r.value_ms) end, r.error
       from outages o
       join monitor_results r on r.website_id = o.website_id and r.checked_at >= o.started_at
      where o.website_id = any($1::uuid[]) and o.ended_at is null and not r.ok
        and r.checked_at > now() - interval '15 minutes'
     on conflict do nothing`,
    [ids],
  );
  return changes;
}
