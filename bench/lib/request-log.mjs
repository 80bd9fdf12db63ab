// The emulator's request log (`/__emulator/requests`) and how the benchmark reads it: which routes
// are per-process one-offs, and how many requests a phase made per resource beyond them.

/** The log since the last reset: `{total, counts: {"<METHOD> <route>": n}, entries}`. */
export async function fetchRequestLog(url) {
  const res = await fetch(`${url}/__emulator/requests`);
  if (!res.ok) throw new Error(`GET ${url}/__emulator/requests answered ${res.status}`);
  return res.json();
}

/** Clears the log. */
export async function resetRequestLog(url) {
  const res = await fetch(`${url}/__emulator/requests`, { method: "DELETE" });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`DELETE ${url}/__emulator/requests answered ${res.status}`);
}

/**
 * Routes a provider process calls once whatever N is: logins and token exchanges, `/about`, tiles,
 * and the IaaS projects list that `check` reads once per process.
 */
export function isOneOff(route) {
  return /login|\/api-tokens\/|\/about$|\/endpoint-tiles|\/iaas\/api\/projects$/.test(route);
}

/** A phase's requests split into one-offs and per-resource calls. */
export function classifyRequests(counts, n) {
  let oneOff = 0;
  let perResourceTotal = 0;
  for (const [route, count] of Object.entries(counts)) {
    if (isOneOff(route)) oneOff += count;
    else perResourceTotal += count;
  }
  return {
    total: oneOff + perResourceTotal,
    oneOff,
    perResourceTotal,
    perResource: n > 0 ? perResourceTotal / n : 0,
  };
}
