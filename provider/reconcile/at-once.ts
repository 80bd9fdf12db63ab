/*
 * Stacks checked N at once (`aria-reconcile --jobs N`) with the report of one after the other: the
 * outcomes in the stacks' order, and nothing started after a failure.
 */

/**
 * Runs `work` on each item, `jobs` at a time, and answers how each went, in the items' order. After a
 * failure no further item is started (those running finish), so that what the caller reports, in
 * order up to the first failure, is what one after the other would have reported.
 */
export async function atOnce<T, R>(
  items: readonly T[],
  jobs: number,
  work: (item: T) => Promise<R>,
): Promise<(PromiseSettledResult<R> | undefined)[]> {
  const outcomes: (PromiseSettledResult<R> | undefined)[] = items.map(() => undefined);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        outcomes[index] = { status: "fulfilled", value: await work(items[index]) };
      } catch (reason) {
        outcomes[index] = { status: "rejected", reason };
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return outcomes;
}

/** The value of an outcome of {@link atOnce}, or its failure thrown (an item never started follows a failure). */
export function settled<R>(outcome: PromiseSettledResult<R> | undefined): R {
  if (outcome === undefined)
    throw new Error("pulumi-aria: a stack was not checked after an earlier failure.");
  if (outcome.status === "rejected") throw outcome.reason;
  return outcome.value;
}
