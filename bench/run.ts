// `npm run bench -- <name> [--rounds N] [--seconds S]`: each benchmark measures its subject and a
// peer in the same run, alternating, and prints medians and the ratio.
import { parseArgs } from 'node:util';
import { benchApi } from './api';
import { benchApiList } from './api-list';
import { benchCheckup } from './checkup';
import { benchCheckupApi } from './checkup-api';

const BENCHMARKS: Record<string, { about: string; run(flags: Flags): Promise<void> }> = {
  api: {
    about: 'requests/s of the liveness probe GET /api/health/live against a bare Fastify hello-world',
    run: (flags) =>
      benchApi({ rounds: flags.rounds, seconds: flags.seconds, connections: flags.connections }),
  },
  'api-list': {
    about:
      'an authenticated paged list (archived overviews) on PGlite and PostgreSQL against Fastify + the same query',
    run: (flags) =>
      benchApiList({ rounds: flags.rounds, seconds: flags.seconds, connections: flags.connections }),
  },
  checkup: {
    about:
      'a full checkup (Chromium included) of a fixture page against Lighthouse 12, with the agreement table',
    run: (flags) => benchCheckup({ rounds: flags.rounds }),
  },
  'checkup-api': {
    about: 'time from POST /api/report to the last section, with and without Chromium, beside the CLI',
    run: (flags) => benchCheckupApi({ rounds: flags.rounds }),
  },
};

interface Flags {
  rounds: number;
  seconds: number;
  connections: number;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
  },
});

const name = positionals[0];
const benchmark = name ? BENCHMARKS[name] : undefined;
if (!benchmark) {
  if (name) console.error(`unknown benchmark: ${name}\n`);
  console.info(`usage: npm run bench -- <name> [--rounds 5] [--seconds 5] [--connections 20]\n`);
  for (const [key, { about }] of Object.entries(BENCHMARKS)) console.info(`  ${key.padEnd(12)} ${about}`);
  process.exit(name ? 2 : 0);
}
const flags = {
  rounds: Number(values.rounds),
  seconds: Number(values.seconds),
  connections: Number(values.connections),
};
if (Object.values(flags).some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('--rounds, --seconds and --connections must be positive integers');
  process.exit(2);
}
await benchmark.run(flags);
process.exit(0);
