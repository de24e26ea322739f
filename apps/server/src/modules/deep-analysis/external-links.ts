import {
  type EngineFetch,
  type ExternalLink,
  type LinkAnswer,
  linkVerifyLimits,
  verifyLinks,
} from '@sitelens/engine';
import type { Database } from '../../db/client';
import { jsonParam } from '../../db/json-param';

/** Distinct links to other sites one crawl verifies; past it they stay "not verified yet". */
const MAX_LINKS_PER_CRAWL = 20_000;
/** Answers are saved (and the runner says it is alive) this often while the links are asked. */
const SAVE_EVERY_MS = 5_000;

/**
 * Verifies the links to other sites that a crawl's pages hold, apart from the pages (which never
 * wait for them): each distinct URL once per crawl, in the engine's own queue with its per-host
 * limit, a host that did not answer asked no more, within the crawl's budget for links. Answers
 * are saved as they come, so a runner killed meanwhile resumes with what is left, and the
 * crawl-wide pass judges every page's links from them.
 */
export async function verifyExternalLinks(
  database: Database,
  process: { id: string; website_id: string },
  fetch: EngineFetch,
  options: { budgetMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const rows = await database.query<{ url: string }>(
    // The links of the pages this process analysed (a one-URL recheck asks that page's links only).
    `select distinct l.to_url as url
       from url_external_links l join serviceable_urls u on u.id = l.from_id
      where l.website_id = $1
        and u.analysed_at >= (select created_at from analysis_processes where id = $2)
        and not exists (select 1 from external_link_answers a
                         where a.website_id = $1 and md5(a.url) = md5(l.to_url) and a.url = l.to_url
                           and a.process_id = $2)
      order by 1 limit ${MAX_LINKS_PER_CRAWL}`,
    [process.website_id, process.id],
  );
  const pending: LinkAnswer[] = [];
  let saving = Promise.resolve();
  const save = () => {
    const batch = pending.splice(0);
    saving = saving.then(async () => {
      await database.query('update analysis_processes set heartbeat_at = now() where id = $1', [process.id]);
      if (batch.length > 0) await saveAnswers(database, process, batch);
    });
    return saving;
  };
  const timer = setInterval(() => void save(), SAVE_EVERY_MS);
  const budgetMs = options.budgetMs ?? linkVerifyLimits.crawlBudgetMs;
  try {
    await verifyLinks(
      fetch,
      rows.map((row) => row.url),
      {
        budgetMs,
        budgetName: `the crawl's ${Math.round(budgetMs / 60_000)} min for links`,
        onAnswer: (answer) => pending.push(answer),
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
  } finally {
    clearInterval(timer);
    await save();
  }
  // An answer no page links to any more goes.
  await database.query(
    `delete from external_link_answers a where a.website_id = $1
        and not exists (select 1 from url_external_links l
                         where l.website_id = $1 and md5(l.to_url) = md5(a.url) and l.to_url = a.url)`,
    [process.website_id],
  );
}

async function saveAnswers(
  database: Database,
  process: { id: string; website_id: string },
  answers: readonly LinkAnswer[],
): Promise<void> {
  await database.query(
    `insert into external_link_answers (website_id, url, process_id, status, final_url, redirects, headers, error, error_code)
     select $1, a.url, $2, a.status, a."finalUrl", a.redirects, coalesce(a.headers, '{}'), a.error, a."errorCode"
       from jsonb_to_recordset($3::jsonb) as a(url text, status int, "finalUrl" text, redirects jsonb, headers jsonb,
            error text, "errorCode" text)
     on conflict (website_id, md5(url)) do update set process_id = excluded.process_id, status = excluded.status,
       final_url = excluded.final_url, redirects = excluded.redirects, headers = excluded.headers,
       error = excluded.error, error_code = excluded.error_code, checked_at = now()`,
    [process.website_id, process.id, jsonParam(answers)],
  );
}

/** The links to other sites of these pages, each with its answer (null when it has none yet). */
export async function externalLinksOf(
  database: Database,
  websiteId: string,
  fromIds: readonly string[],
): Promise<Map<string, ExternalLink[]>> {
  const rows = await database.query<{
    from_id: string;
    url: string;
    anchor: string;
    status: number | null;
    final_url: string | null;
    redirects: LinkAnswer['redirects'] | null;
    headers: Record<string, string> | null;
    error: string | null;
    error_code: LinkAnswer['errorCode'] | null;
    answered: boolean;
  }>(
    `select l.from_id, l.to_url as url, l.anchor, a.status, a.final_url, a.redirects, a.headers, a.error,
            a.error_code, a.url is not null as answered
       from url_external_links l
       left join external_link_answers a
         on a.website_id = l.website_id and md5(a.url) = md5(l.to_url) and a.url = l.to_url
      where l.from_id = any($2::uuid[]) and l.website_id = $1
      order by l.from_id, l.to_url`,
    [websiteId, fromIds],
  );
  const byPage = new Map<string, ExternalLink[]>();
  for (const row of rows) {
    const answer: LinkAnswer | null = row.answered
      ? {
          url: row.url,
          status: row.status,
          finalUrl: row.final_url,
          redirected: (row.redirects?.length ?? 0) > 0,
          ...(row.redirects ? { redirects: row.redirects } : {}),
          headers: row.headers ?? {},
          ...(row.error !== null ? { error: row.error } : {}),
          ...(row.error_code !== null ? { errorCode: row.error_code } : {}),
        }
      : null;
    const list = byPage.get(row.from_id) ?? [];
    list.push({ url: row.url, anchor: row.anchor, answer });
    byPage.set(row.from_id, list);
  }
  return byPage;
}
