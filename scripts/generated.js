// @ts-check
// What the generators (gen-schema, gen-dynamic, gen-docs) share: the generated region of a hand-written
// file, and the write-or-check step (with --check, exit 1 naming each stale file; else write them).
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");

/**
 * The paths of `files` whose text differs from the file's under `root` (missing ones included).
 * @param {Iterable<[string, string]>} files @param {string} [root]
 */
function staleOf(files, root = ROOT) {
  const onDisk = (/** @type {string} */ file) =>
    fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), "utf8") : undefined;
  return [...files].filter(([file, text]) => onDisk(file) !== text).map(([file]) => file);
}

/**
 * @param {string} tag the generator's name in what it prints
 * @param {string} command what writes the files
 * @param {Iterable<[string, string]>} files each file's text, by its path under the repository
 */
function writeOrCheck(tag, command, files) {
  const say = (/** @type {string} */ msg) => process.stderr.write(`[${tag}] ${msg}\n`);
  const texts = new Map(files);
  const stale = staleOf(texts);
  if (process.argv.includes("--check")) {
    for (const file of stale) say(`${file} is stale: run ${command}`);
    if (stale.length > 0) process.exit(1);
    return say("the generated files are up to date");
  }
  for (const file of stale) {
    fs.mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
    fs.writeFileSync(path.join(ROOT, file), /** @type {string} */ (texts.get(file)));
    say(`wrote ${file}`);
  }
  if (stale.length === 0) say("nothing to write");
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

module.exports = { staleOf, writeOrCheck, replaceRegion };
