// @ts-check
// What the generators of scripts/gen.mjs share: which generated files are stale, and the generated
// region of a hand-written file.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");

/**
 * The paths of `files` whose text differs from the file's under `root` (missing ones included).
 * @param {Iterable<[string, string]>} files
 * @param {string} [root]
 */
function staleOf(files, root = ROOT) {
  const onDisk = (/** @type {string} */ file) =>
    fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), "utf8") : undefined;
  return [...files].filter(([file, text]) => onDisk(file) !== text).map(([file]) => file);
}

/**
 * `text` with what lies between the marker lines `begin` and `end` replaced by `body`.
 * @param {string} text @param {string} begin @param {string} end @param {string} body @param {string} where for messages
 */
function replaceRegion(text, begin, end, body, where) {
  const from = text.indexOf(begin);
  const to = text.indexOf(end, from);
  if (from < 0 || to < 0)
    throw new Error(`${where} has no generated region ${begin.trim()} ... ${end.trim()}`);
  return `${text.slice(0, from + begin.length)}${body}\n${text.slice(to)}`;
}

module.exports = { staleOf, replaceRegion };
