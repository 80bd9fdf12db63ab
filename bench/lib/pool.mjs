// Runs an async task over items with at most `concurrency` in flight, as the engine's step
// executor does with `--parallel`. Rejects with the first failure, after the tasks in flight end.

/** Calls `task(item)` for every item, `concurrency` at a time; answers the results in order. */
export async function runPool(items, concurrency, task) {
  const results = new Array(items.length);
  let next = 0;
  let failure;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const i = next++;
      try {
        results[i] = await task(items[i], i);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure) throw failure.error;
  return results;
}
