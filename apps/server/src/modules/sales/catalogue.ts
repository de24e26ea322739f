import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Plan, PlanCatalogueSchema, type PlansReply } from '@sitelens/contracts';
import type { Database, QueryFn } from '../../db/client';

/** The committed catalogue a new installation starts with. */
export const CATALOGUE_FILE = path.resolve(import.meta.dirname, '../../../plans/catalogue.json');

export async function readCatalogue(file = CATALOGUE_FILE): Promise<Plan[]> {
  const parsed = PlanCatalogueSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.')} ${issue.message}`);
  }
  return parsed.data.plans;
}

/**
 * Inserts or updates every plan of a catalogue; plans missing from it stay, because subscriptions
 * may still point at them (mark them legacy to take them off the plans screen).
 */
export async function importCatalogue(database: Database, plans: Plan[]): Promise<number> {
  return database.transaction(async (query) => {
    for (const [index, plan] of plans.entries()) {
      await query(
        `insert into plans (code, name, price_in_cents, billing_period, interval_length, features, settings, position)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (code) do update set name = excluded.name, price_in_cents = excluded.price_in_cents,
           billing_period = excluded.billing_period, interval_length = excluded.interval_length,
           features = excluded.features, settings = excluded.settings, position = excluded.position,
           updated_at = now()`,
        [
          plan.code,
          plan.name,
          plan.price_in_cents,
          plan.billing_period,
          plan.interval_length,
          JSON.stringify(plan.features),
          JSON.stringify(plan.settings),
          index,
        ],
      );
    }
    return plans.length;
  });
}

/** First start: an empty catalogue is filled from the committed file. */
export async function seedCatalogue(database: Database): Promise<void> {
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from plans');
  if (row && row.n > 0) return;
  await importCatalogue(database, await readCatalogue());
}

interface PlanRow {
  code: string;
  name: string;
  price_in_cents: number;
  billing_period: Plan['billing_period'];
  interval_length: number;
  features: string[];
  settings: Plan['settings'];
}

const PLAN_COLUMNS = 'code, name, price_in_cents, billing_period, interval_length, features, settings';
const toPlan = (row: PlanRow): Plan => ({ ...row });

export async function findPlan(query: QueryFn, code: string): Promise<Plan | undefined> {
  const [row] = await query<PlanRow>(`select ${PLAN_COLUMNS} from plans where code = $1`, [code]);
  return row ? toPlan(row) : undefined;
}

export async function allPlans(query: QueryFn): Promise<Plan[]> {
  return (await query<PlanRow>(`select ${PLAN_COLUMNS} from plans order by position, code`)).map(toPlan);
}

/** `GET /api/plans`: plans on sale (legacy ones left out), monthly and yearly. */
export async function listPlans(query: QueryFn): Promise<PlansReply> {
  const plans = (await allPlans(query)).filter((plan) => !plan.settings.legacy);
  return {
    monthly: plans.filter((plan) => plan.billing_period === 'monthly'),
    yearly: plans.filter((plan) => plan.billing_period === 'yearly'),
  };
}

/** The plan a free trial preselects and `BILLING_PROVIDER=none` gives everyone. */
export async function defaultPlan(query: QueryFn, configured?: string): Promise<Plan | undefined> {
  if (configured) return findPlan(query, configured);
  return (await allPlans(query)).find((plan) => plan.settings.default && plan.billing_period === 'monthly');
}
