import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@sitelens/server/src/test/processes';

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface Served {
  url: string;
  stop(): Promise<void>;
}

/** Runs a Node entry point as its own process and waits until `readyUrl` answers 200. */
export async function serve(args: string[], env: Record<string, string>, readyPath: string): Promise<Served> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/** Prints the rounds, then medians and the ratio subject/peer. */
export function report(
  unit: string,
  subject: string,
  peer: string,
  rounds: { subject: number; peer: number }[],
): void {
  const fmt = (n: number) => n.toFixed(unit === 'req/s' ? 0 : 2).padStart(10);
  console.info(`\n round ${subject.padStart(14)} ${peer.padStart(14)}   (${unit})`);
  for (const [i, r] of rounds.entries()) {
    console.info(` ${String(i + 1).padStart(5)} ${fmt(r.subject).padStart(14)} ${fmt(r.peer).padStart(14)}`);
  }
  const s = median(rounds.map((r) => r.subject));
  const p = median(rounds.map((r) => r.peer));
  console.info(` ${'median'.padStart(5)} ${fmt(s).padStart(14)} ${fmt(p).padStart(14)}`);
  console.info(`\n ratio ${subject}/${peer} (medians): ${(s / p).toFixed(3)}\n`);
}

export interface Run {
  wallMs: number;
  peakMb: number;
  stdout: string;
  code: number | null;
  /** What it wrote on stderr (`measure`). */
  stderr?: string;
  /** With `measure`'s `cpu`: user + system CPU of the command and every child it waited for. */
  cpuMs?: number;
  /** Stopped after `measure`'s `timeoutS`. */
  timedOut?: boolean;
}

/** A process and all its descendants, from /proc. */
function treePids(root: number): Set<number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces; the parent pid is the 2nd field after ") ".
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return tree;
}

/**
 * Resident memory of a process and all its descendants, in kB, from /proc; with `withoutRoot`
 * only the descendants' (the root being a wrapper such as /usr/bin/time).
 */
export function treeRssKb(root: number, options: { withoutRoot?: boolean } = {}): number {
  const tree = treePids(root);
  if (options.withoutRoot) tree.delete(root);
  let total = 0;
  for (const pid of tree) {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(match?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return total;
}

/**
 * Runs a command to its exit: wall time and the peak memory of its whole process tree. With `cpu`
 * it runs under `/usr/bin/time`, whose count includes the children it waited for; the wrapper's
 * own memory is left out, and the largest process's peak it reports stands for a run too short to
 * sample. `okCodes` are the exit codes that are not failures (stderr is printed after the others).
 * After `timeoutS` the whole tree is stopped (a wrapper's SIGTERM would leave its child running)
 * and the run says `timedOut`.
 */
export function measure(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { cpu?: boolean; cwd?: string; okCodes?: number[]; timeoutS?: number } = {},
): Promise<Run> {
  const timeDir = options.cpu ? mkdtempSync(path.join(tmpdir(), 'sitelens-bench-time-')) : null;
  const timeFile = timeDir ? path.join(timeDir, 'cpu') : '';
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [file, argv] = timeDir
      ? ['/usr/bin/time', ['-f', '%U %S %M', '-o', timeFile, command, ...args]]
      : [command, args];
    const child = spawn(file, argv, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    let peak = 0;
    const sampler = setInterval(() => {
      if (child.pid) peak = Math.max(peak, treeRssKb(child.pid, { withoutRoot: Boolean(timeDir) }));
    }, 50);
    let timedOut = false;
    // The wrapper is left to report on its child, unless it too has to be killed.
    const stopTree = (signal: NodeJS.Signals) => {
      if (!child.pid) return;
      const tree = treePids(child.pid);
      if (timeDir && signal === 'SIGTERM') tree.delete(child.pid);
      for (const pid of tree) {
        try {
          process.kill(pid, signal);
        } catch {
          // already gone
        }
      }
    };
    const timer =
      options.timeoutS === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            stopTree('SIGTERM');
            setTimeout(() => stopTree('SIGKILL'), 10_000).unref();
          }, options.timeoutS * 1000);
    child.on('error', reject);
    child.on('exit', async (code) => {
      clearInterval(sampler);
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      // Its output may still be in the pipes at exit; a grandchild holding them open is not waited for.
      if (child.stdout.readable || child.stderr.readable)
        await Promise.race([once(child, 'close'), new Promise((resolve) => setTimeout(resolve, 2000))]);
      if (!timedOut && !(options.okCodes ?? [0]).includes(code ?? -1))
        process.stderr.write(stderr.slice(-2000));
      let cpuMs: number | undefined;
      if (timeDir) {
        // Its last line: "Command exited with non-zero status N" may come before it.
        let times: RegExpExecArray | null = null;
        try {
          times = /(\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+)\s*$/.exec(readFileSync(timeFile, 'utf8'));
        } catch {
          // time itself failed: no figure rather than a wrong one
        }
        if (times) {
          cpuMs = (Number(times[1]) + Number(times[2])) * 1000;
          peak = Math.max(peak, Number(times[3]));
        }
        rmSync(timeDir, { recursive: true, force: true });
      }
      resolve({
        wallMs,
        peakMb: peak / 1024,
        stdout,
        stderr,
        code,
        ...(timeDir ? { cpuMs } : {}),
        ...(timedOut ? { timedOut } : {}),
      });
    });
  });
}

export async function call(server: Served, method: string, route: string, body?: unknown, auth?: string) {
  const response = await fetch(server.url + route, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as never };
}

export const BENCH_PASSWORD = 'correct horse battery';

/**
 * Registers a user and starts the Pro trial with the sandbox card, as a visitor would (the trial
 * creates the user's organization); gives the access token.
 */
export async function subscriber(
  server: Served,
  email = `bench-${Date.now()}@example.test`,
): Promise<string> {
  const user = await call(server, 'POST', '/api/user', {
    email,
    f_name: 'Bench',
    l_name: 'Mark',
    pw: BENCH_PASSWORD,
    recaptcha_token: '',
  });
  if (user.status !== 201) throw new Error(`registration failed: ${user.status}`);
  const access = (user.json as { access_token: string }).access_token;
  const card = await call(
    server,
    'POST',
    '/api/billing/sandbox/tokens',
    {
      number: '4111111111111111',
      month: 12,
      year: 2035,
      cvv: '123',
      first_name: 'B',
      last_name: 'M',
      zip: '10001',
    },
    access,
  );
  const subscription = await call(
    server,
    'POST',
    '/api/subscription',
    {
      token: (card.json as { id: string }).id,
      user_email: email,
      payment_method: 'credit_card',
      plan_code: 'pro-monthly',
    },
    access,
  );
  if (subscription.status !== 201) throw new Error(`trial failed: ${subscription.status}`);
  return access;
}
