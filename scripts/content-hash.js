// @ts-check
// One content hash for every cache keyed by what it was built from: strings, then the files under
// some paths (names relative to each path's base name, and contents, sorted), build leftovers skipped.

const { createHash } = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");

const BUILD_LEFTOVERS = /[\\/](node_modules|bin|build|dist|__pycache__|[^\\/]*\.egg-info)$/;

/**
 * A short hash of `parts` and of the files under `paths` (`skip`: /$^/ keeps everything).
 * @param {readonly string[]} parts @param {readonly string[]} [paths] @param {{ skip?: RegExp, length?: number }} [options]
 */
function contentHash(parts, paths = [], { skip = BUILD_LEFTOVERS, length = 12 } = {}) {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part}\0`);
  /** @param {string} p @param {string} rel */
  const walk = (p, rel) => {
    if (skip.test(p)) return;
    if (fs.statSync(p).isDirectory()) {
      for (const entry of fs.readdirSync(p).sort()) walk(path.join(p, entry), `${rel}/${entry}`);
    } else {
      hash.update(`${rel}\0`);
      hash.update(fs.readFileSync(p));
      hash.update("\0");
    }
  };
  for (const p of paths) walk(p, path.basename(p));
  return hash.digest("hex").slice(0, length);
}

/** A file's sha256, hex. @param {string} file */
const fileSha256 = (file) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

module.exports = { contentHash, fileSha256, BUILD_LEFTOVERS };
