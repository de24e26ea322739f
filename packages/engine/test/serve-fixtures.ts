// Serves the fixture sites for a manual look: `node --import tsx packages/engine/test/serve-fixtures.ts`,
// then run sitelens-check against the printed addresses with FETCH_ALLOW_PRIVATE set as shown.
import { type SiteName, startSite } from './fixture-sites';

const names: SiteName[] = ['well-made', 'neglected', 'cases'];
const sites = await Promise.all(names.map((name) => startSite(name)));
for (const [i, site] of sites.entries()) console.info(`${names[i]!.padEnd(10)} ${site.origin}/`);
console.info(`\nFETCH_ALLOW_PRIVATE=${sites.map((site) => site.allow).join(',')}`);
