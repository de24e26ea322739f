// The crawl benchmark's fixture site in a process of its own, so that serving it costs neither
// crawler time nor memory: `node --import tsx bench/crawl-site-server.ts <pages> [--slow-ms N]
// [--no-sitemap]` prints the site's origin on stdout and serves until stdin closes or SIGTERM.
import { parseArgs } from 'node:util';
import { generatedSite, startCrawlSite } from '../packages/engine/test/crawl-site';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'slow-ms': { type: 'string', default: '0' },
    'no-sitemap': { type: 'boolean', default: false },
  },
});
const pages = Number(positionals[0]);
const slowMs = Number(values['slow-ms']);
if (!Number.isInteger(pages) || pages < 1 || !Number.isInteger(slowMs) || slowMs < 0) {
  console.error('usage: crawl-site-server.ts <pages> [--slow-ms N] [--no-sitemap]');
  process.exit(2);
}

const site = await startCrawlSite(
  generatedSite(pages, { ...(slowMs > 0 ? { slowMs } : {}), sitemap: !values['no-sitemap'] }),
);
const stop = async () => {
  await site.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The benchmark holds our stdin: when it goes away (even killed), so does the site.
process.stdin.on('end', stop);
process.stdin.resume();
process.stdout.write(`${site.origin}\n`);
