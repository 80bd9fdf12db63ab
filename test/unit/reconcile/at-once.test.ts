import { atOnce, settled } from "../../../provider/reconcile/at-once";

/** A job per item that ends when the test says, recording how many ran at once. */
function gated() {
  const gates = new Map<string, () => void>();
  const started: string[] = [];
  let running = 0;
  let most = 0;
  const work = async (item: string) => {
    started.push(item);
    running += 1;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => gates.set(item, resolve));
    running -= 1;
    if (item.startsWith("bad")) throw new Error(`${item} failed`);
    return item.toUpperCase();
  };
  const open = async (item: string) => {
    while (!gates.has(item)) await new Promise((resolve) => setImmediate(resolve));
    gates.get(item)!();
  };
  return { work, open, started, most: () => most };
}

describe("stacks checked N at once", () => {
  it("runs N at once and answers in the items' order, whatever order they end in", async () => {
    const jobs = gated();
    const done = atOnce(["a", "b", "c", "d", "e"], 3, jobs.work);
    await jobs.open("c");
    await jobs.open("b");
    await jobs.open("d");
    await jobs.open("a");
    await jobs.open("e");
    expect((await done).map(settled)).toEqual(["A", "B", "C", "D", "E"]);
    expect(jobs.most()).toBe(3);
  });

  it("one at a time with 1, as before", async () => {
    const jobs = gated();
    const done = atOnce(["a", "b", "c"], 1, jobs.work);
    for (const item of ["a", "b", "c"]) await jobs.open(item);
    expect((await done).map(settled)).toEqual(["A", "B", "C"]);
    expect(jobs.most()).toBe(1);
  });

  it("starts nothing after a failure, lets those running finish, and throws the first failure in order", async () => {
    const jobs = gated();
    const done = atOnce(["a", "bad-b", "c", "d"], 2, jobs.work);
    await jobs.open("bad-b");
    await jobs.open("a");
    const outcomes = await done;
    expect(jobs.started).toEqual(["a", "bad-b"]);
    expect(settled(outcomes[0])).toBe("A");
    expect(() => settled(outcomes[1])).toThrow("bad-b failed");
    expect(outcomes.slice(2)).toEqual([undefined, undefined]);
  });
});
