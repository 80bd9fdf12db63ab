// Where things are: the repository, the compiled package, and the benchmark's scripts.

import * as path from "node:path";

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
/** The benchmark folder. */
export const BENCH_DIR = path.join(REPO_ROOT, "bench");
/** The compiled API client (not a public export of the package, so loaded by path). */
export const CLIENT_MODULE = path.join(REPO_ROOT, "dist", "provider", "client", "index.js");
/** The compiled package (what `require("pulumi-aria")` loads). */
export const PACKAGE_MODULE = path.join(REPO_ROOT, "dist", "provider", "index.js");
/** The compiled emulator. */
export const EMULATOR_MODULE = path.join(REPO_ROOT, "dist", "emulator", "index.js");
