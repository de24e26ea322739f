import path from 'node:path';
import { formatCents } from '@sitelens/contracts';
import type { Database } from '../../db/client';
import { allPlans, CATALOGUE_FILE, importCatalogue, readCatalogue } from './catalogue';

/** `sitelens plans list|import [file]`; answers the process exit code. */
export async function plansCommand(database: Database, args: string[]): Promise<number> {
  const [action, file] = args;
  if (action === 'import') {
    const source = file ? path.resolve(file) : CATALOGUE_FILE;
    try {
      const count = await importCatalogue(database, await readCatalogue(source));
      process.stdout.write(`imported ${count} plans from ${source}\n`);
      return 0;
    } catch (error) {
      process.stderr.write(`cannot import ${source}: ${(error as Error).message}\n`);
      return 1;
    }
  }
  if (action === 'list' || action === undefined) {
    for (const plan of await allPlans(database.query)) {
      const flags = [plan.settings.default && 'default', plan.settings.legacy && 'legacy']
        .filter(Boolean)
        .join(', ');
      process.stdout.write(
        `${plan.code.padEnd(28)} ${plan.name.padEnd(20)} ${formatCents(plan.price_in_cents).padStart(10)} ${plan.billing_period}${flags ? `  (${flags})` : ''}\n`,
      );
    }
    return 0;
  }
  process.stderr.write(`Unknown plans action "${action}": use list or import [file].\n`);
  return 2;
}
