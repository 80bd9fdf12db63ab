// Counts the API requests in flight at the emulator (which runs in the benchmark's process), to
// check that the API floor runs with the concurrency the engine actually reaches: the request log
// says how many requests a phase made, not how many overlapped. Installed before the emulator
// starts, it wraps `http.Server.prototype.emit` to see each request arrive and its response close.
// Every reset of the request log (`DELETE /__emulator/requests`, made before each phase, also by
// the API floor's own process) starts a new epoch; an epoch keeps the highest count in flight.

import * as http from "node:http";

const epochs = [{ maxInFlight: 0, requests: 0 }];
let inFlight = 0;
let installed = false;

/** Starts counting (idempotent). */
export function installConcurrencyProbe() {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function probedEmit(event, req, res, ...rest) {
    if (event === "request" && req?.url) {
      if (req.url.startsWith("/__emulator/")) {
        if (req.method === "DELETE" && req.url.startsWith("/__emulator/requests")) {
          epochs.push({ maxInFlight: 0, requests: 0 });
        }
      } else {
        const epoch = epochs[epochs.length - 1];
        inFlight += 1;
        epoch.requests += 1;
        epoch.maxInFlight = Math.max(epoch.maxInFlight, inFlight);
        res.once("close", () => (inFlight -= 1));
      }
    }
    return emit.call(this, event, req, res, ...rest);
  };
}

/** The number of epochs so far (a marker for {@link epochsSince}). */
export function epochCount() {
  return epochs.length;
}

/** The epochs started after the marker, oldest first: `[{maxInFlight, requests}]`. */
export function epochsSince(marker) {
  return epochs.slice(marker).map((e) => ({ ...e }));
}

/** The current epoch (since the last reset of the request log). */
export function currentEpoch() {
  return { ...epochs[epochs.length - 1] };
}
