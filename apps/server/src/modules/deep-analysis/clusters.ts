import {
  type CreatePageGroupBody,
  PAGE_GROUP_MESSAGES,
  type PageGroup,
  type ServiceableUrlsReply,
  type UpdatePageGroupBody,
} from '@sitelens/contracts';
import { groupPages, matchingGroupKey } from '@sitelens/engine';
import type { Database, QueryFn } from '../../db/client';
import type { PueLevel } from '../../db/schema';
import { AppError } from '../../errors';
import { lockWebsite } from '../websites/service';
import { type DeepAnalysisDeps, requireGroup, URL_COLUMNS, type UrlRow, urlPage, websiteOf } from './service';

/**
 * Groups the website's URLs after a crawl (`groupPages`: URL pattern, then template). A group found
 * before keeps its guid, title and the user's edits; a group the user removed stays away; URLs a
 * user put in a group stay there. Each group's screenshot is taken from its first URL that had
 * Chromium's pass, once.
 */
export async function groupUrls(database: Database, websiteId: string): Promise<void> {
  await database.transaction(async (query) => {
    await lockWebsite(query, websiteId);
    const pages = await query<{ id: string; url: string; layout_hash: string | null }>(
      `select id, url, layout_hash from serviceable_urls
        where website_id = $1 and not cluster_pinned order by seq`,
      [websiteId],
    );
    const earlier = await query<{ id: string; key: string; dismissed: boolean; organization_id: string }>(
      'select id, key, dismissed, organization_id from url_clusters where website_id = $1 and key is not null',
      [websiteId],
    );
    const byKey = new Map(earlier.map((row) => [row.key, row]));
    const taken = new Set<string>();
    const urlIds: string[] = [];
    const clusterIds: (string | null)[] = [];
    for (const group of groupPages(
      pages.map((page) => ({ id: page.id, url: page.url, layoutHash: page.layout_hash })),
    )) {
      const key = matchingGroupKey(
        group,
        [...byKey.keys()].filter((k) => !taken.has(k)),
      );
      let clusterId: string | null;
      if (key) {
        taken.add(key);
        const row = byKey.get(key)!;
        clusterId = row.dismissed ? null : row.id;
      } else {
        taken.add(group.key);
        const [row] = await query<{ id: string }>(
          `insert into url_clusters (organization_id, website_id, key, title, description)
           select organization_id, id, $2, $3, $4 from websites where id = $1
           on conflict (website_id, key) do update set updated_at = now() returning id`,
          [websiteId, group.key, group.title, group.description],
        );
        clusterId = row!.id;
      }
      for (const id of group.ids) {
        urlIds.push(id);
        clusterIds.push(clusterId);
      }
    }
    await query(
      `update serviceable_urls u set cluster_id = m.cluster_id
         from unnest($1::uuid[], $2::uuid[]) as m(id, cluster_id)
        where u.id = m.id and u.cluster_id is distinct from m.cluster_id`,
      [urlIds, clusterIds],
    );
    // Groups the crawl found that no URL is in any more; the removed ones are kept to stay removed.
    await query(
      `delete from url_clusters c where c.website_id = $1 and c.key is not null and not c.dismissed
          and not exists (select 1 from serviceable_urls u where u.cluster_id = c.id)`,
      [websiteId],
    );
    await query(
      `update url_clusters c set screenshot = (
              select s.png from serviceable_urls u join url_screenshots s on s.url_id = u.id
               where u.cluster_id = c.id order by u.seq limit 1)
        where c.website_id = $1 and c.screenshot is null and not c.dismissed`,
      [websiteId],
    );
  });
}

interface GroupRow {
  id: string;
  website_id: string;
  key: string | null;
  title: string;
  description: string;
  pue_level: PueLevel;
  pue_reason: string | null;
  has_screenshot: boolean;
  monitored_urls: number;
  avg_seo_score: number | null;
  sample_urls: { guid: string; url: string }[];
}

/** A group with its URL count, average score and three sample URLs (those Chromium saw first). */
const GROUP_SELECT = `
  select c.id, c.website_id, c.key, c.title, c.description, c.pue_level, c.pue_reason,
         c.screenshot is not null as has_screenshot,
         coalesce(n.monitored_urls, 0)::int as monitored_urls, n.avg_seo_score,
         coalesce(s.sample_urls, '[]'::jsonb) as sample_urls
    from url_clusters c
    left join lateral (
      select count(*) as monitored_urls, round(avg(u.score))::int as avg_seo_score
        from serviceable_urls u where u.website_id = c.website_id and u.cluster_id = c.id) n on true
    left join lateral (
      select jsonb_agg(jsonb_build_object('guid', x.id, 'url', x.url) order by x.shot desc, x.seq) as sample_urls
        from (select u.id, u.url, u.seq, exists (select 1 from url_screenshots p where p.url_id = u.id) as shot
                from serviceable_urls u where u.website_id = c.website_id and u.cluster_id = c.id
               order by shot desc, u.seq limit 3) x) s on true`;

const groupOf = (row: GroupRow): PageGroup => ({
  guid: row.id,
  w_guid: row.website_id,
  title: row.title,
  description: row.description,
  pue_level: row.pue_level,
  pue_reason: row.pue_reason,
  monitored_urls: row.monitored_urls,
  avg_seo_score: row.avg_seo_score,
  screenshot_url: row.has_screenshot ? `/api/url-cluster/${row.website_id}/${row.id}/screenshot` : null,
  sample_urls: row.sample_urls,
  source: row.key === null ? 'user' : 'auto',
});

/** The website's group, not removed; another website's or organization's answers 404. */
export async function groupOfWebsite(
  query: QueryFn,
  websiteId: string,
  clusterId: string,
): Promise<GroupRow> {
  const [row] = await query<GroupRow>(
    `${GROUP_SELECT} where c.id = $1 and c.website_id = $2 and not c.dismissed`,
    [clusterId, websiteId],
  );
  if (!row) throw new AppError('not_found', PAGE_GROUP_MESSAGES.notFound);
  return row;
}

/** `GET /api/url-cluster/{w_guid}`: the website's page groups, largest first. */
export async function listGroups(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
): Promise<PageGroup[]> {
  await websiteOf(deps.database.query, organizationId, websiteId);
  const rows = await deps.database.query<GroupRow>(
    `${GROUP_SELECT} where c.website_id = $1 and not c.dismissed order by monitored_urls desc, c.title, c.id`,
    [websiteId],
  );
  return rows.map(groupOf);
}

/** `POST /api/url-cluster`: a user's own group. */
export async function createGroup(
  deps: DeepAnalysisDeps,
  organizationId: string,
  body: CreatePageGroupBody,
): Promise<{ guid: string }> {
  await websiteOf(deps.database.query, organizationId, body.w_guid);
  const [row] = await deps.database.query<{ id: string }>(
    `insert into url_clusters (organization_id, website_id, title, description, pue_level, pue_reason)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [organizationId, body.w_guid, body.title, body.description, body.pue_level, body.pue_reason ?? null],
  );
  return { guid: row!.id };
}

/** `PATCH /api/url-cluster/{w_guid}/{cluster_guid}`: its title, description and engagement. */
export async function updateGroup(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
  clusterId: string,
  body: UpdatePageGroupBody,
): Promise<PageGroup> {
  await websiteOf(deps.database.query, organizationId, websiteId);
  const updated = await deps.database.query(
    `update url_clusters set title = $3, description = $4, pue_level = $5, pue_reason = $6, updated_at = now()
      where id = $1 and website_id = $2 and not dismissed returning id`,
    [clusterId, websiteId, body.title, body.description, body.pue_level, body.pue_reason ?? null],
  );
  if (updated.length === 0) throw new AppError('not_found', PAGE_GROUP_MESSAGES.notFound);
  return groupOf(await groupOfWebsite(deps.database.query, websiteId, clusterId));
}

/**
 * `DELETE /api/url-cluster/{w_guid}/{cluster_guid}`: its URLs stay monitored, in no group. A group
 * the crawl found is kept as removed, so the next grouping does not bring it back.
 */
export async function deleteGroup(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
  clusterId: string,
): Promise<void> {
  await websiteOf(deps.database.query, organizationId, websiteId);
  await deps.database.transaction(async (query) => {
    await lockWebsite(query, websiteId);
    await requireGroup(query, websiteId, clusterId);
    await query(
      'update serviceable_urls set cluster_id = null, cluster_pinned = false where website_id = $1 and cluster_id = $2',
      [websiteId, clusterId],
    );
    await query('delete from url_clusters where id = $1 and key is null', [clusterId]);
    await query(
      'update url_clusters set dismissed = true, screenshot = null, updated_at = now() where id = $1',
      [clusterId],
    );
  });
}

/** `GET /api/url-cluster/{w_guid}/{cluster_guid}/screenshot`: the group's PNG. */
export async function groupScreenshot(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
  clusterId: string,
): Promise<Buffer> {
  await websiteOf(deps.database.query, organizationId, websiteId);
  const [row] = await deps.database.query<{ screenshot: Uint8Array | null }>(
    'select screenshot from url_clusters where id = $1 and website_id = $2 and not dismissed',
    [clusterId, websiteId],
  );
  if (!row) throw new AppError('not_found', PAGE_GROUP_MESSAGES.notFound);
  if (!row.screenshot) throw new AppError('not_found', PAGE_GROUP_MESSAGES.noScreenshot);
  return Buffer.from(row.screenshot);
}

/** `GET /api/serviceable-url/{w_guid}/cluster/{cluster_guid}`: the group's URLs, 25 a page by keyset. */
export async function listGroupUrls(
  deps: DeepAnalysisDeps,
  organizationId: string,
  params: { w_guid: string; cluster_guid: string },
  page: { limit: number; last_evaluated_key?: string | undefined },
): Promise<ServiceableUrlsReply> {
  await websiteOf(deps.database.query, organizationId, params.w_guid);
  await requireGroup(deps.database.query, params.w_guid, params.cluster_guid);
  return urlPage(page, (after, limit) =>
    deps.database.query<UrlRow>(
      `select ${URL_COLUMNS} from serviceable_urls
        where website_id = $1 and cluster_id = $2 and ($3::bigint is null or seq > $3::bigint)
        order by seq limit $4`,
      [params.w_guid, params.cluster_guid, after, limit],
    ),
  );
}
