#!/usr/bin/env node
// @ts-check
// `npm run gen:sdk` (docs/contributing/engine.md#generated-files-and-the-checks-tools). A write
// replaces each generated directory as a whole, so files of removed resources go; `--check` exits 1
// when a checked-in SDK differs.

import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { BuildError, CommandError, describeFailure } from "./errors.js";
import { cacheBase, intoCache } from "./runtimes.js";
import { contentHash } from "./content-hash.js";
import { runChecked, runSync } from "./run-command.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const GENERATOR_SOURCE = path.join(root, "scripts", "gen-sdk", "main.go");
const PULUMI_VERSION = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).config.pulumiCli;
const SCHEMA = path.join(root, "sdk", "schema.json");
/** The oldest Node the Node SDK declares: current @pulumi/pulumi (3.249 and later) asks >=22. */
const NODE_ENGINES = ">=22";

/** The paths the generator owns (`dir`), each at the same place under sdk/ as in its output (`from`). */
const GENERATED = ["nodejs", "python", "go/aria", "go/.gitattributes"].map((from) => ({
  dir: `sdk/${from}`,
  from,
}));

const say = (/** @type {string} */ msg) => process.stderr.write(`[gen-sdk] ${msg}\n`);

/**
 * The stdout of `cmd`, which must succeed.
 * @param {string} cmd
 * @param {string[]} args
 */
const run = async (cmd, args) => (await runChecked(cmd, args, { need: "to build the SDK generator" })).stdout;

/** The generator's binary: the cached build for this source, else one built once into the cache. */
async function ensureGenerator() {
  const goVersion = (await run("go", ["env", "GOVERSION"])).trim();
  const key = contentHash([goVersion, PULUMI_VERSION], [GENERATOR_SOURCE], { length: 16 });
  const dir = path.join(cacheBase(), `gen-sdk-${key}`);
  const bin = path.join(dir, "gen-sdk");
  if (fs.existsSync(bin)) return bin;
  const started = Date.now();
  say(`building the SDK generator (scripts/gen-sdk, pkg/v3 v${PULUMI_VERSION}, ${goVersion}) into ${dir}`);
  const env = {
    ...process.env,
    CGO_ENABLED: "0",
    GOFLAGS: [process.env.GOFLAGS, "-buildvcs=false"].filter(Boolean).join(" "),
  };
  const what = "the SDK generator (scripts/gen-sdk)";
  const problem = (/** @type {string} */ built) =>
    fs.existsSync(path.join(built, "gen-sdk")) ? undefined : "no gen-sdk binary";
  try {
    intoCache(dir, what, problem, (work) => {
      fs.copyFileSync(GENERATOR_SOURCE, path.join(work, "main.go"));
      fs.writeFileSync(
        path.join(work, "go.mod"),
        "module pulumi-aria/gen-sdk\n\ngo 1.25\n\nrequire (\n" +
          "\tgithub.com/blang/semver v3.5.1+incompatible\n" +
          `\tgithub.com/pulumi/pulumi/pkg/v3 v${PULUMI_VERSION}\n)\n`,
      );
      runSync("go", ["mod", "tidy"], { cwd: work, env });
      runSync("go", ["build", "-trimpath", "-o", path.join(work, "gen-sdk"), "."], { cwd: work, env });
    });
  } catch (err) {
    throw err instanceof CommandError ? new BuildError(what, err.message) : err;
  }
  say(`built the SDK generator in ${Math.round((Date.now() - started) / 1000)}s`);
  return bin;
}

/** What the generator cannot be told through the schema. @param {string} out */
function adjust(out) {
  const manifest = path.join(out, "nodejs", "package.json");
  /** @type {Record<string, unknown>} */
  const pkg = JSON.parse(fs.readFileSync(manifest, "utf8"));
  // After `license`, where npm's own package.json puts it.
  const at = Object.keys(pkg).indexOf("license") + 1 || Object.keys(pkg).length;
  const entries = Object.entries(pkg).filter(([key]) => key !== "engines");
  entries.splice(at, 0, ["engines", { node: NODE_ENGINES }]);
  fs.writeFileSync(manifest, `${JSON.stringify(Object.fromEntries(entries), null, 4)}\n`);

  const python = path.join(out, "python");
  const readme = fs
    .readdirSync(python)
    .map((name) => path.join(python, name, "README.md"))
    .find((file) => fs.existsSync(file));
  if (!readme) throw new Error(`the generated Python SDK has no package with a README.md in ${python}`);
  fs.copyFileSync(readme, path.join(python, "README.md"));
}

/** Every file under `p` (or `p` itself when it is a file), relative to `p`, sorted. @param {string} p */
function filesUnder(p) {
  if (!fs.existsSync(p)) return [];
  if (!fs.statSync(p).isDirectory()) return [""];
  return fs
    .readdirSync(p, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(p, path.join(e.parentPath, e.name)))
    .sort();
}

/** The checked-in files that differ from those in `out`, each with what is wrong. @param {string} out */
function differences(out) {
  return GENERATED.flatMap(({ dir, from }) => {
    const have = new Set(filesUnder(path.join(root, dir)));
    const want = filesUnder(path.join(out, from));
    const wanted = new Set(want);
    const wrong = want.flatMap((file) => {
      if (!have.has(file)) return [`${path.join(dir, file)}: missing`];
      const same = fs
        .readFileSync(path.join(root, dir, file))
        .equals(fs.readFileSync(path.join(out, from, file)));
      return same ? [] : [`${path.join(dir, file)}: changed`];
    });
    const leftOver = [...have].filter((file) => !wanted.has(file));
    return [...wrong, ...leftOver.map((file) => `${path.join(dir, file)}: not generated (left over)`)];
  });
}

/** Replaces the checked-in SDKs by those in `out`. @param {string} out */
function replace(out) {
  for (const { dir, from } of GENERATED) {
    const target = path.join(root, dir);
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(path.join(out, from), target, { recursive: true });
  }
}

async function main() {
  const { values: flags } = parseArgs({ options: { check: { type: "boolean" } } });
  const bin = await ensureGenerator();
  const out = fs.mkdtempSync(path.join(cacheBase(), ".gen-sdk-out-"));
  try {
    await run(bin, [SCHEMA, out]);
    adjust(out);
    if (flags.check) {
      const found = differences(out);
      if (found.length === 0) say("the generated SDKs are up to date");
      else {
        say(`the generated SDKs are out of date: run npm run gen:sdk\n  ${found.join("\n  ")}`);
        process.exitCode = 1;
      }
    } else {
      replace(out);
      say(`wrote ${GENERATED.map((g) => g.dir).join(", ")} from ${path.relative(root, SCHEMA)}`);
    }
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

main().catch((err) => {
  say(describeFailure(err));
  process.exitCode = 1;
});
