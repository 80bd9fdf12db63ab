/**
 * The create recovery both kinds use: a creation is a POST the client never sends twice blindly
 * (../client/retry-policy.ts retries a POST only on a 429, when the server did nothing), so after
 * an answer that leaves it open whether the server acted (a 5xx, a lost answer, a timeout) the
 * kind looks up what that POST may have made. What its "is it mine" rule accepts is taken as this
 * creation's; when nothing is found the POST is sent again, up to a budget derived from the
 * client's retry policy. Each kind supplies its POST, its lookup and its rule
 * (../endpoint/create.ts, ../deployment/submit.ts).
 */
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "../client/retry-policy";

/** What a kind supplies to {@link createWithRecovery}. */
export interface CreateRecovery<Created, Found> {
  /** POSTs sent at most: the first and the resends after ambiguous answers (see the budgets below). */
  readonly attempts: number;
  /**
   * Sends the creation once. `afterAmbiguous` is true when an earlier POST of this creation was
   * answered ambiguously (and a lookup found nothing of it).
   */
  readonly post: (afterAmbiguous: boolean) => Promise<Created>;
  /** True when the POST's failure leaves it open whether the server acted. */
  readonly isAmbiguous: (error: unknown) => boolean;
  /**
   * A failure that is not ambiguous: resolved into the creation (a conflict with what an earlier
   * ambiguous POST made), or thrown. Unset: thrown as it is.
   */
  readonly onClearFailure?: (error: unknown, afterAmbiguous: boolean) => Promise<Created>;
  /** After an ambiguous answer: what the server now holds that this POST may have made. */
  readonly lookUp: (error: unknown) => Promise<readonly Found[]>;
  /** The kind's "is it mine" rule: true when a found one is this creation's own. */
  readonly isMine: (found: Found) => boolean;
  /** The creation, from the one found that is this creation's own. */
  readonly takeMine: (found: Found, error: unknown) => Promise<Created> | Created;
  /**
   * The error when what was found is not this creation's own (the server allows only one of that
   * name). Unset: what is not this creation's own is left alone, and the POST is sent again.
   */
  readonly notMine?: (found: Found, error: unknown) => Error;
  /** The error after the last ambiguous answer, `attempts` of them, each lookup finding nothing. */
  readonly exhausted: (error: unknown, attempts: number) => Error;
  /** What is done before a resend (a pause, a report); `attempt` is the POST just answered, from 1. */
  readonly beforeResend: (attempt: number, error: unknown) => Promise<void> | void;
}

/** Sends a creation, recovering from ambiguous answers; see the module comment. */
export async function createWithRecovery<Created, Found>(
  recovery: CreateRecovery<Created, Found>,
): Promise<Created> {
  let afterAmbiguous = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return await recovery.post(afterAmbiguous);
    } catch (error) {
      if (!recovery.isAmbiguous(error)) {
        if (recovery.onClearFailure === undefined) throw error;
        return await recovery.onClearFailure(error, afterAmbiguous);
      }
      afterAmbiguous = true;
      // The POST may have gone through: take what it made if it is this creation's, never a duplicate.
      const found = await recovery.lookUp(error);
      const mine = found.find(recovery.isMine);
      if (mine !== undefined) return await recovery.takeMine(mine, error);
      if (found.length > 0 && recovery.notMine !== undefined) throw recovery.notMine(found[0], error);
      if (attempt >= recovery.attempts) throw recovery.exhausted(error, attempt);
      await recovery.beforeResend(attempt, error);
    }
  }
}

/**
 * The budget of a creation each of whose resends follows a lookup that found nothing: the client's
 * budget for a request that is safe to repeat (the first attempt and `maxRetries` retries), since
 * such a resend cannot make a duplicate.
 */
export function attemptsAfterLookup(policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  return policy.maxRetries + 1;
}

/**
 * The budget of a creation each of whose ambiguous answers is followed by looking for what it made
 * for up to `recoveryMs`: as many attempts as such looks fit in the longest the client waits for one
 * request (`maxTotalDelayMs`), at least one.
 */
export function attemptsWithinTotalWait(
  recoveryMs: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): number {
  return Math.max(1, Math.floor(policy.maxTotalDelayMs / recoveryMs));
}
