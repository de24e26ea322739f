import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Paces calls to a provider at `ratePerSecond`, letting `burst` go at once after a quiet spell
 * (a token bucket in its "generic cell rate" form: each call books the next free slot, so waiting
 * callers leave in the order they came, without a timer per token).
 */
export class TokenBucket {
  private readonly interval: number;
  private nextSlot = 0;

  constructor(
    ratePerSecond: number,
    private readonly burst = 1,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(ratePerSecond > 0)) throw new Error('A token bucket needs a rate above 0');
    this.interval = 1000 / ratePerSecond;
  }

  /** Resolves when this call may go; an aborted wait gives its slot up to nobody (it is spent). */
  async take(signal?: AbortSignal): Promise<void> {
    const now = this.now();
    const slot = Math.max(this.nextSlot, now - (this.burst - 1) * this.interval);
    this.nextSlot = slot + this.interval;
    const wait = slot - now;
    if (wait > 0) await sleep(wait, undefined, { signal });
  }
}
