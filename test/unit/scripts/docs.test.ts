import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { generatedDocs } from "../../../scripts/docs";
import { staleOf } from "../../../scripts/generated";

/*
 * The documentation a user reads: README.md, CONTRIBUTING.md, docs/, the emulator's and the
 * benchmarks' READMEs and the examples' READMEs.
 * - The generated parts (the settings table, the examples of docs/_index.md, docs/reference/) are
 *   what `npm run gen` writes now.
 * - Every relative link resolves to a file or directory of the repository, and every `#anchor` (on
 *   this page or on another Markdown page) to a heading there, as GitHub names headings.
 * - No page names a path of a particular machine: `/home/<user>`, `/root/`, `/Users/`, `/work/`, or
 *   `/tmp/` (a user's commands make their own temporary directories); `/path/to/...` and `~/...` are
 *   how pages write a user's paths.
 * - No tracked file of the repository (code, tests, docs, scripts) sends its reader to a document
 *   outside it, which a clone and a user do not have: the project's shared API or design notes.
 *   A fact and its public source (the vendor's docs, its Terraform provider's file and commit, the
 *   Pulumi source file) are written where they are used.
 * - Every `sh` block of README.md, CONTRIBUTING.md and docs/ has, on the line before it, either
 *   `<!-- run by: <test file> -->`, a test that exists and names the page (so that it moves with
 *   it), or `<!-- not run: <why> -->`.
 */

const ROOT = path.resolve(__dirname, "..", "..", "..");

/** Markdown files under a directory of the repository, relative to the repository. */
function markdownUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith(".md")) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** The pages the docs test reads. */
const PAGES = [
  "README.md",
  "CONTRIBUTING.md",
  "emulator/README.md",
  "bench/README.md",
  ...markdownUnder("docs"),
  ...fs
    .readdirSync(path.join(ROOT, "examples"))
    .map((name) => path.join("examples", name, "README.md"))
    .filter((file) => fs.existsSync(path.join(ROOT, file))),
];

/** Pages whose `sh` blocks must say whether a test runs them. */
const SHELL_CHECKED = PAGES;

/**
 * Guide pages other work writes at the same time (links to them resolve once it is merged).
 * Empty once they exist: a link to a missing page fails then.
 */
const PAGES_BEING_WRITTEN = new Set(
  ["docs/guides/gitops.md", "docs/guides/teams.md", "docs/guides/large-stacks.md"].filter(
    (page) => !fs.existsSync(path.join(ROOT, page)),
  ),
);

function read(page: string): string {
  return fs.readFileSync(path.join(ROOT, page), "utf8");
}

/** The page's text without fenced code blocks (their content is code, not links). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown page's headings, numbered as GitHub numbers repeats. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const match of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

/** Every link target of a page's prose: `[text](target)` and `[text]: target`. */
function links(text: string): string[] {
  const body = prose(text).replace(/`[^`\n]*`/g, "");
  const inline = [...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const reference = [...body.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]);
  return [...inline, ...reference];
}

describe("the generated documentation", () => {
  it("is what npm run gen writes from sdk/schema.json and the quickstart programs", () => {
    const stale = staleOf(Object.entries(generatedDocs()));
    if (stale.length > 0) throw new Error(`stale: ${stale.join(", ")}: run npm run gen`);
  });
});

describe("the documentation's links", () => {
  it.each(PAGES)("%s: every relative link and anchor resolves", (page) => {
    const broken: string[] = [];
    for (const target of links(read(page))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [file, anchor] = target.split("#", 2);
      const resolved = file === "" ? page : path.normalize(path.join(path.dirname(page), decodeURI(file)));
      if (resolved.startsWith("..")) {
        broken.push(`${target} (outside the repository)`);
        continue;
      }
      if (PAGES_BEING_WRITTEN.has(resolved)) continue;
      if (!fs.existsSync(path.join(ROOT, resolved))) {
        broken.push(`${target} (no ${resolved})`);
        continue;
      }
      if (anchor && resolved.endsWith(".md") && !anchors(read(resolved)).has(anchor)) {
        broken.push(`${target} (no heading '#${anchor}' in ${resolved})`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("the documentation's paths", () => {
  it.each(PAGES)("%s: names no path of a particular machine", (page) => {
    const machinePaths = [
      ...read(page).matchAll(/(?<![\w.~-])\/(home\/\w|root\/|Users\/|work\/|tmp\/)[^\s`'")]*/g),
    ];
    expect(machinePaths.map((m) => m[0])).toEqual([]);
  });
});

describe("the repository's pointers", () => {
  /** Every text file git tracks, relative to the repository (a file with a NUL byte is binary). */
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && fs.existsSync(path.join(ROOT, file)))
    .filter((file) => fs.statSync(path.join(ROOT, file)).isFile());
  // Spelled in parts, so that this file does not name them itself.
  const outside = [["shared", "api"].join("/"), ["shared", "design"].join("/"), ["API", "notes"].join(" ")];

  it("reads the whole repository", () => {
    expect(tracked).toEqual(
      expect.arrayContaining(["README.md", "provider/plugin/server.ts", "emulator/README.md"]),
    );
  });

  it("sends no reader to a document outside the repository", () => {
    const pointers = tracked.flatMap((file) => {
      const bytes = fs.readFileSync(path.join(ROOT, file));
      if (bytes.includes(0)) return [];
      const lines = bytes.toString("utf8").split("\n");
      return lines.flatMap((line, i) =>
        outside
          .filter((name) => line.toLowerCase().includes(name.toLowerCase()))
          .map((name) => `${file}:${i + 1}: ${name}`),
      );
    });
    expect(pointers).toEqual([]);
  });
});

describe("the documentation's shell blocks", () => {
  it.each(SHELL_CHECKED)("%s: each says which test runs it, or why none does", (page) => {
    const lines = read(page).split("\n");
    const problems: string[] = [];
    lines.forEach((line, i) => {
      if (!/^\s*```sh\s*$/.test(line)) return;
      const before = (lines[i - 1] ?? "").trim();
      const runBy = /^<!-- run by: (\S+) -->$/.exec(before);
      if (runBy) {
        const test = path.join(ROOT, runBy[1]);
        if (!fs.existsSync(test)) problems.push(`line ${i + 1}: ${runBy[1]} does not exist`);
        else if (!fs.readFileSync(test, "utf8").includes(page))
          problems.push(`line ${i + 1}: ${runBy[1]} does not name ${page}`);
      } else if (!/^<!-- not run: .+ -->$/.test(before)) {
        problems.push(`line ${i + 1}: no <!-- run by: <test> --> or <!-- not run: <why> --> before it`);
      }
    });
    expect(problems).toEqual([]);
  });
});
