#!/usr/bin/env node
/**
 * `aria-preview-comment`: turns what `pulumi preview --json` printed (a file, or standard input) into
 * a pull request's comment in GitHub Markdown on standard output: the summary first, then each
 * resource's action, changed fields, replacement, the server's verdict and policy findings, then the
 * full diff folded. Secrets show as "secret changed", never a value.
 */
import * as fs from "node:fs";
import { parseArgs } from "node:util";
import { CliError, checkStackName, parseCommandLine, runCli } from "../cli/command";
import { previewComment } from "./comment";
import { GITHUB_COMMENT_LIMIT } from "./render";

const USAGE = `usage: aria-preview-comment [FILE] [--stack NAME] [--exit-code N] [--max-length N]
  FILE             what \`pulumi preview --json\` printed (default: standard input); with
                   PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true it holds the policy pack's findings too
  --stack NAME     the stack previewed, named in the comment's heading
  --exit-code N    the preview's exit code: a non-zero one marks the preview failed
  --max-length N   the most characters of the comment (default ${GITHUB_COMMENT_LIMIT}, GitHub's limit;
                   leave room for what your workflow adds): the full diff is cut first
Writes the Markdown to standard output. Exit codes: 0 written, 1 the input is not a preview's JSON,
2 bad usage.`;

/** A whole number option's value, or an error naming the option. */
function wholeNumber(option: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new Error(`${option} ${JSON.stringify(value)} is not a whole number of at least ${min}`);
  return Number(value);
}

function options(argv: string[]) {
  return parseCommandLine(USAGE, () => {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        stack: { type: "string" },
        "exit-code": { type: "string" },
        "max-length": { type: "string" },
        help: { type: "boolean", default: false },
      },
    });
    if (positionals.length > 1) throw new Error(`one input file at most, not ${positionals.length}`);
    return {
      help: values.help,
      file: positionals[0],
      ...(values.stack !== undefined ? { stack: checkStackName(values.stack) } : {}),
      exitCode: wholeNumber("--exit-code", values["exit-code"], 0),
      maxLength: wholeNumber("--max-length", values["max-length"], 1000),
    };
  });
}

async function readInput(file: string | undefined): Promise<string> {
  if (file !== undefined && file !== "-") {
    try {
      return fs.readFileSync(file, "utf8");
    } catch (e) {
      throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function main(argv: string[]): Promise<void> {
  const opts = options(argv);
  if (opts.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const json = await readInput(opts.file);
  let markdown: string;
  try {
    markdown = previewComment(json, {
      ...(opts.stack !== undefined ? { stack: opts.stack } : {}),
      ...(opts.exitCode !== undefined ? { exitCode: opts.exitCode } : {}),
      ...(opts.maxLength !== undefined ? { maxLength: opts.maxLength } : {}),
    });
  } catch (e) {
    throw new CliError(`${opts.file ?? "standard input"}: ${(e as Error).message}`);
  }
  process.stdout.write(markdown);
}

runCli("aria-preview-comment", main);
