import type { Clock } from "../core/clock";

/*
 * One pause for every request of a client (a provider process has one client): when the server says
 * how long to wait (`Retry-After` on a 429 or a 503), every request of the client waits it out, those
 * being retried and those not yet sent alike. Without it, each of the engine's parallel steps would
 * learn of the limit by being refused in turn, and retry on its own: a burst at the end of every pause.
 * Waits are the client's {@link Clock}'s, so tests drive them.
 */

/** The pause the server asked every request of a client to respect. */
export class Throttle {
  private until = 0;

  constructor(private readonly clock: Clock) {}

  /** Every request waits `ms` from now (a later end extends the pause, an earlier one never shortens it). */
  pause(ms: number): void {
    if (ms > 0) this.until = Math.max(this.until, this.clock.now() + ms);
  }

  /** Resolves once no pause is in force (at once when none is). */
  async ready(): Promise<void> {
    for (let left = this.until - this.clock.now(); left > 0; left = this.until - this.clock.now()) {
      await this.clock.sleep(left);
    }
  }

  /** Milliseconds the pause has left (0 when none). */
  get pausedMs(): number {
    return Math.max(0, this.until - this.clock.now());
  }
}
