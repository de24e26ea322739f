import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Keeps a process's calls to a provider within its rate limit: at most `limit` calls in any window
 * of `windowMs`, the way DataForSEO counts them (per minute, on arrival). A call's arrival is
 * somewhere between when it left and when its answer came back, so a call holds its place in the
 * window from when it leaves until `windowMs` after its answer: however late or bunched the network
 * delivers requests, the provider never sees more than `limit` in a window. Throughput is `limit`
 * per window plus one answer's latency. Callers leave in the order they came.
 */
export class RateLimiter {
  /** Calls that may still count at the provider: in flight (`answeredAt` null) or answered within the window. */
  private readonly held: { answeredAt: number | null }[] = [];
  private queue: Promise<void> = Promise.resolve();
  private answered = deferred();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(limit >= 1) || !(windowMs > 0))
      throw new Error('A rate limit needs at least 1 call in a window above 0 ms');
  }

  /** Runs `call` when the limit allows it. An aborted wait leaves its turn to the next caller. */
  async run<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const turn = this.queue.then(() => this.place(signal));
    // The next caller waits for this turn, whether it went or was aborted.
    this.queue = turn.then(
      () => {},
      () => {},
    );
    const slot = await turn;
    try {
      return await call();
    } finally {
      slot.answeredAt = this.now();
      this.answered.resolve();
      this.answered = deferred();
    }
  }

  private async place(signal?: AbortSignal): Promise<{ answeredAt: number | null }> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.now();
      for (let i = this.held.length - 1; i >= 0; i--) {
        const answeredAt = this.held[i]!.answeredAt;
        if (answeredAt !== null && now - answeredAt >= this.windowMs) this.held.splice(i, 1);
      }
      if (this.held.length < this.limit) {
        const slot = { answeredAt: null };
        this.held.push(slot);
        return slot;
      }
      // Full: wait until the earliest answered call leaves the window, or another call is answered.
      let expires = Number.POSITIVE_INFINITY;
      for (const { answeredAt } of this.held)
        if (answeredAt !== null) expires = Math.min(expires, answeredAt + this.windowMs);
      const wake = new AbortController();
      const onAbort = () => wake.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const waits = [
          this.answered.promise,
          new Promise((resolve) => wake.signal.addEventListener('abort', resolve, { once: true })),
        ];
        if (Number.isFinite(expires))
          waits.push(sleep(expires - now, undefined, { signal: wake.signal }).catch(() => {}));
        await Promise.race(waits);
      } finally {
        // No timer or listener outlives the wait.
        wake.abort();
        signal?.removeEventListener('abort', onAbort);
      }
    }
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
