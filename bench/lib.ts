import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
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
}

/** Resident memory of a process and all its descendants, in kB, from /proc. */
export function treeRssKb(root: number): number {
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

/** Runs a command to its exit: wall time and the peak memory of its whole process tree. */
export function measure(command: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    let peak = 0;
    const sampler = setInterval(() => {
      if (child.pid) peak = Math.max(peak, treeRssKb(child.pid));
    }, 50);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sampler);
      const wallMs = performance.now() - started;
      if (code !== 0) process.stderr.write(stderr.slice(-2000));
      resolve({ wallMs, peakMb: peak / 1024, stdout, code });
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
