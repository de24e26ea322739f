import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Paces calls to a provider at `ratePerSecond`: at most `burst` calls in any window of
 * `burst / ratePerSecond` seconds, measured on the times calls actually left (a timer that fires
 * late pushes the next call back rather than letting two bunch up), so a provider that counts
 * requests in a sliding window never sees more than it allows. Callers leave in the order they came.
 */
export class TokenBucket {
  private readonly windowMs: number;
  /** When the last `burst` calls left, oldest first. */
  private readonly sent: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    ratePerSecond: number,
    private readonly burst = 1,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(ratePerSecond > 0)) throw new Error('A token bucket needs a rate above 0');
    this.windowMs = (1000 * burst) / ratePerSecond;
  }

  /** Resolves when this call may go. An aborted wait leaves its turn to the next caller. */
  take(signal?: AbortSignal): Promise<void> {
    const turn = this.queue.then(async () => {
      signal?.throwIfAborted();
      if (this.sent.length >= this.burst) {
        const wait = this.sent[0]! + this.windowMs - this.now();
        if (wait > 0) await sleep(wait, undefined, { signal });
        this.sent.shift();
      }
      this.sent.push(this.now());
    });
    // The next caller waits for this turn, whether it went or was aborted.
    this.queue = turn.catch(() => {});
    return turn;
  }
}
