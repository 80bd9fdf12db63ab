import {
  attemptsAfterLookup,
  attemptsWithinTotalWait,
  createWithRecovery,
  type CreateRecovery,
} from "../../../provider/common/create-recovery";
import { DEFAULT_RETRY_POLICY } from "../../../provider/client/retry-policy";
import { CREATE_ATTEMPTS as ENDPOINT_ATTEMPTS } from "../../../provider/endpoint/create";
import {
  CREATE_ATTEMPTS as DEPLOYMENT_ATTEMPTS,
  RECOVERY_WINDOW_MS,
} from "../../../provider/deployment/submit";

/*
 * The create recovery both kinds use: an ambiguous answer is followed by the kind's lookup, what
 * its rule calls its own is taken, nothing found means a resend, up to a budget the client's retry
 * policy gives. (The kinds' own behaviour is in test/unit/endpoint and test/unit/deployment.)
 */

/** A failure that leaves it open whether the server acted, and one that does not. */
const AMBIGUOUS = new Error("502");
const CLEAR = new Error("400");

/** A recovery over a scripted server: each POST's answer in turn, each lookup's finds in turn. */
function scripted(answers: readonly ("ok" | Error)[], finds: readonly (readonly string[])[] = []) {
  const calls: string[] = [];
  let posts = 0;
  let lookups = 0;
  const recovery: CreateRecovery<string, string> = {
    attempts: 3,
    post: async (afterAmbiguous) => {
      const answer = answers[posts++];
      calls.push(`post${afterAmbiguous ? " after ambiguous" : ""}`);
      if (answer instanceof Error) throw answer;
      return "posted";
    },
    isAmbiguous: (error) => error === AMBIGUOUS,
    lookUp: async () => {
      calls.push("lookup");
      return finds[lookups++] ?? [];
    },
    isMine: (found) => found.startsWith("mine"),
    takeMine: (found) => `took ${found}`,
    exhausted: (_error, attempts) => new Error(`gave up after ${attempts}`),
    beforeResend: (attempt) => {
      calls.push(`pause ${attempt}`);
    },
  };
  return { recovery, calls };
}

describe("createWithRecovery", () => {
  it("answers the POST's own answer when it is clear", async () => {
    const { recovery, calls } = scripted(["ok"]);
    await expect(createWithRecovery(recovery)).resolves.toBe("posted");
    expect(calls).toEqual(["post"]);
  });

  it("takes what the lookup finds of its own after an ambiguous answer, and sends nothing more", async () => {
    const { recovery, calls } = scripted([AMBIGUOUS], [["other", "mine-1"]]);
    await expect(createWithRecovery(recovery)).resolves.toBe("took mine-1");
    expect(calls).toEqual(["post", "lookup"]);
  });

  it("sends again, after the pause, when the lookup finds nothing of its own", async () => {
    const { recovery, calls } = scripted([AMBIGUOUS, "ok"], [["other"]]);
    await expect(createWithRecovery(recovery)).resolves.toBe("posted");
    expect(calls).toEqual(["post", "lookup", "pause 1", "post after ambiguous"]);
  });

  it("fails on what is not its own when the kind says so, sending nothing more", async () => {
    const { recovery, calls } = scripted([AMBIGUOUS], [["other"]]);
    const strict = { ...recovery, notMine: (found: string) => new Error(`${found} is taken`) };
    await expect(createWithRecovery(strict)).rejects.toThrow("other is taken");
    expect(calls).toEqual(["post", "lookup"]);
  });

  it("gives up after its budget of ambiguous answers, saying how many", async () => {
    const { recovery, calls } = scripted([AMBIGUOUS, AMBIGUOUS, AMBIGUOUS, "ok"]);
    await expect(createWithRecovery(recovery)).rejects.toThrow("gave up after 3");
    expect(calls.filter((call) => call.startsWith("post"))).toHaveLength(3);
    expect(calls.filter((call) => call.startsWith("pause"))).toEqual(["pause 1", "pause 2"]);
  });

  it("throws a clear failure as it is, or hands it to the kind, saying whether one was ambiguous", async () => {
    await expect(createWithRecovery(scripted([CLEAR]).recovery)).rejects.toBe(CLEAR);
    const { recovery } = scripted([AMBIGUOUS, CLEAR]);
    const seen: boolean[] = [];
    const resolving = {
      ...recovery,
      onClearFailure: async (_error: unknown, afterAmbiguous: boolean) => {
        seen.push(afterAmbiguous);
        return "resolved";
      },
    };
    await expect(createWithRecovery(resolving)).resolves.toBe("resolved");
    expect(seen).toEqual([true]);
  });
});

describe("the create budgets", () => {
  it("follow the client's retry policy", () => {
    expect(attemptsAfterLookup({ ...DEFAULT_RETRY_POLICY, maxRetries: 3 })).toBe(4);
    expect(attemptsWithinTotalWait(20_000, { ...DEFAULT_RETRY_POLICY, maxTotalDelayMs: 60_000 })).toBe(3);
    expect(attemptsWithinTotalWait(20_000, { ...DEFAULT_RETRY_POLICY, maxTotalDelayMs: 1_000 })).toBe(1);
  });

  it("are, with the default policy, the kinds' budgets as they were: 9 endpoint POSTs, 4 deployment ones", () => {
    expect(ENDPOINT_ATTEMPTS).toBe(DEFAULT_RETRY_POLICY.maxRetries + 1);
    expect(ENDPOINT_ATTEMPTS).toBe(9);
    expect(DEPLOYMENT_ATTEMPTS).toBe(attemptsWithinTotalWait(RECOVERY_WINDOW_MS));
    expect(DEPLOYMENT_ATTEMPTS).toBe(4);
  });
});
