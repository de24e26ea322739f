import { MONITOR_REGION_ORDER, type MonitorRegion, MonitorRegionSchema } from '@sitelens/contracts';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { type Config, ConfigError, loadConfig } from './config';
import type { Database } from './db/client';
import type { Queue } from './jobs/queue';
import type { Probe } from './modules/monitoring/probe';
import { VERSION } from './version';

const USAGE = `sitelens ${VERSION}

Usage: sitelens <command>

Commands:
  start      API, web app, job workers and scheduler in one process (the default)
  api        API and web app, with the scheduler; no job workers
  worker     job workers only
  probe --region <code>   monitoring checks of one region, from this machine: run one per place
  migrate    apply database migrations and exit
  selftest   send a job and wait until a worker has done it (checks a distributed setup)
  billing-cycle         run the daily billing cycle now: renewals, ended trials, expiries
  plans list            the plan catalogue in the database
  plans import [file]   add or update plans from a catalogue file (default: plans/catalogue.json)
  pass-rates --sites <file>   check each site of a list (one per line) and store each check's pass rate
  crawl <url> [--max-urls N] [--json]   crawl a site as Deep Analysis does (no browser) and list its URLs
  data-cap <email> [<usd>|none|default]   show or set the monthly data spend cap of the user's organization
  user override-plan <email> [<plan>|none]   show or set a user's override plan (adds its features, e.g. white-label reports)
  help       this text
`;

type Command =
  | 'start'
  | 'api'
  | 'worker'
  | 'migrate'
  | 'selftest'
  | 'plans'
  | 'billing-cycle'
  | 'pass-rates'
  | 'crawl'
  | 'data-cap'
  | 'user'
  | 'probe';
const COMMANDS: readonly string[] = [
  'start',
  'api',
  'worker',
  'migrate',
  'selftest',
  'plans',
  'billing-cycle',
  'pass-rates',
  'crawl',
  'data-cap',
  'user',
  'probe',
];

async function main(argv: string[]): Promise<void> {
  const command = argv[0] ?? 'start';
  if (command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  if (!COMMANDS.includes(command)) {
    process.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // A probe's region is checked before the database opens: a wrong command line costs nothing.
  const place = command === 'probe' ? probeRegion(argv.slice(1)) : undefined;
  if (place && 'problem' in place) {
    process.stderr.write(`${place.problem}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const logger = pino({ level: config.LOG_LEVEL, base: { command } });
  await run(command as Command, config, logger, argv.slice(1), place?.region);
}

async function run(
  command: Command,
  config: Config,
  logger: Logger,
  args: string[],
  probeAt?: MonitorRegion,
): Promise<void> {
  // Each command loads only the modules it runs (imported below, where it starts): `help` or
  // `migrate` need not load the API, the job workers and the engine's checks.
  const { openDatabase } = await import('./db/client');
  const { migrateDatabase } = await import('./db/migrate');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  logger.info({ database: database.kind }, 'database opened');
  await migrateDatabase(database);

  if (command === 'migrate') {
    logger.info('migrations applied');
    await database.close();
    return;
  }
  const { seedCatalogue } = await import('./modules/sales/catalogue');
  await seedCatalogue(database);
  if (command === 'billing-cycle') {
    const { runBillingCycle } = await import('./modules/sales/subscriptions');
    const { createBillingProvider } = await import('./providers/billing');
    const result = await runBillingCycle(database, createBillingProvider(config, database));
    process.stdout.write(`renewed ${result.renewed}, expired ${result.expired}\n`);
    await database.close();
    return;
  }
  if (command === 'pass-rates') {
    const { passRatesCommand } = await import('./modules/checkup/pass-rates-command');
    process.exitCode = await passRatesCommand(database, config, args);
    await database.close();
    return;
  }
  if (command === 'crawl') {
    const { crawlCommand } = await import('./modules/deep-analysis/crawl-command');
    process.exitCode = await crawlCommand(database, config, args);
    await database.close();
    return;
  }
  if (command === 'data-cap') {
    const { dataCapCommand } = await import('./providers/seo-data/data-cap-command');
    process.exitCode = await dataCapCommand(database, config, logger, args);
    await database.close();
    return;
  }
  if (command === 'user') {
    const { userCommand } = await import('./modules/users/override-plan-command');
    process.exitCode = await userCommand(database, args);
    await database.close();
    return;
  }
  if (command === 'plans') {
    const { plansCommand } = await import('./modules/sales/plans-command');
    process.exitCode = await plansCommand(database, args);
    await database.close();
    return;
  }

  if (command === 'probe' && probeAt) {
    const { startProbeFromConfig } = await import('./modules/monitoring/probe');
    const probe = await startProbeFromConfig(database, config, probeAt, logger);
    logger.info({ version: VERSION, region: probeAt }, 'sitelens probe ready');
    stopGracefully({ probe, database, logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
    return;
  }

  const { startQueue } = await import('./jobs/queue');
  const queue = await startQueue(database, {
    workers: command === 'start' || command === 'worker',
    schedules: command === 'start' || command === 'api',
    logger,
  });

  if (command === 'selftest') {
    const { runSelftest } = await import('./modules/system/selftest');
    const result = await runSelftest(database, queue, { timeoutMs: 30_000 });
    process.stdout.write(
      result.ok
        ? `ok: a worker (pid ${result.worker_pid}) did the job in ${result.ms} ms\n`
        : `failed: no worker did the job within ${result.ms} ms; is a \`sitelens worker\` or \`sitelens start\` running on this database?\n`,
    );
    await queue.stop();
    await database.close();
    process.exitCode = result.ok ? 0 : 1;
    return;
  }

  // Signals are handled before the port opens: a SIGTERM sent as soon as /api/health answers stops
  // the process gracefully too (it used to arrive before the handler, and killed it outright).
  const running: StopParts = { queue, database, logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS };
  stopGracefully(running);
  let url: string | undefined;
  if (command !== 'worker') {
    const { buildApp } = await import('./app');
    const app = await buildApp({ config, database, queue, logger });
    running.app = app;
    url = await app.listen({ host: config.HOST, port: config.PORT });
  }
  // The embedded start probes the one region PROBE_REGIONS names, from this machine; every other
  // place has its own `sitelens probe --region`.
  const { startProbeFromConfig } = await import('./modules/monitoring/probe');
  if (command === 'start' && config.PROBE_REGIONS !== null)
    running.probe = await startProbeFromConfig(database, config, config.PROBE_REGIONS, logger);
  if (config.NODE_ENV === 'production' && config.BILLING_PROVIDER === 'sandbox')
    logger.warn('BILLING_PROVIDER=sandbox in production: test cards buy any plan and no payment is taken');
  logger.info({ version: VERSION, url }, `sitelens ${command} ready${url ? ` at ${url}` : ''}`);
}

/**
 * `--region <code>` → the one region this probe serves, or what is wrong with the command line. A
 * probe measures from the machine it runs on, so it stands in one place: a second region is refused.
 */
function probeRegion(args: string[]): { region: MonitorRegion } | { problem: string } {
  const codes: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--region' || args[i + 1] === undefined)
      return { problem: `Unexpected argument "${args[i]}".` };
    codes.push(
      ...args[++i]!.split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    );
  }
  const unique = [...new Set(codes)];
  if (unique.length === 0)
    return { problem: 'Name the region this probe serves: sitelens probe --region <code>.' };
  if (unique.length > 1)
    return {
      problem: `A probe serves one region, the place where it runs (got ${unique.join(', ')}): start one \`sitelens probe --region <code>\` on a machine in each region.`,
    };
  const [code] = unique as [string];
  if (!MonitorRegionSchema.safeParse(code).success)
    return { problem: `"${code}" is not a monitoring region (${MONITOR_REGION_ORDER.join(', ')}).` };
  return { region: code as MonitorRegion };
}

/** What a stop closes; the parts still starting are added as they come up. */
interface StopParts {
  app?: FastifyInstance;
  queue?: Queue;
  probe?: Probe;
  database: Database;
  logger: Logger;
  timeoutMs: number;
}

/**
 * SIGTERM or SIGINT: stop accepting connections, let in-flight requests and running jobs finish,
 * then close the database. A second signal, or the timeout, ends the process at once. The parts are
 * read when the signal comes, so it can be installed before all of them have started.
 */
function stopGracefully(parts: StopParts): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      parts.logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    parts.logger.info({ signal }, 'stopping: finishing requests and running jobs');
    const force = setTimeout(() => {
      parts.logger.error({ timeoutMs: parts.timeoutMs }, 'graceful stop timed out: exiting');
      process.exit(1);
    }, parts.timeoutMs);
    force.unref();
    try {
      await parts.app?.close();
      await parts.probe?.stop();
      await parts.queue?.stop({ timeoutMs: parts.timeoutMs });
      const { closeWorkerBrowser } = await import('./modules/checkup/worker-browser');
      await closeWorkerBrowser();
      await parts.database.close();
      parts.logger.info('stopped');
      process.exit(0);
    } catch (error) {
      parts.logger.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`sitelens: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
