/**
 * The error a promise rejects with, for a test to look into; a promise that fulfils fails the test.
 * `E` is what the test expects it to be (by default, an error with any fields).
 */
export async function rejectionOf<E extends Error = Error & Record<string, unknown>>(
  promise: Promise<unknown>,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error("expected the promise to reject");
}
