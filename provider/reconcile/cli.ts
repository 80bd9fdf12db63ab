#!/usr/bin/env node
/**
 * `aria-reconcile`: GitOps reconciliation of a program's stacks on any backend (file, S3, ...). Finds
 * the drift (a refresh preview: each resource `pulumi up` would change, with the names of the inputs
 * that differ), and the endpoints on the server, in the projects the stacks use, that no stack
 * manages (each with the commands that adopt it); with `--remediate`, runs `pulumi up --refresh` on
 * the stacks that drifted (never deleting or adopting an unmanaged endpoint). Exit codes: ./report.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "../client";
import { redactPatterns, redactValues } from "../client/redact";
import { systemClock } from "../core/clock";
import { checkStackName, CliError, parseCommandLine, progressLine, runCli } from "../cli/command";
import { findOnPath, pulumiRunner } from "../cli/pulumi";
import { ReconcileError } from "./failures";
import { formatReport } from "./human";
import { EXIT, reportJsonSchema, type ExitCode, type ReconcileReport } from "./report";
import type { UserPolicyPack } from "./policy-pack";
import { eventsOf, reconcile, type ReconcileResult } from "./run";

const USAGE = `usage: aria-reconcile [--cwd DIR] [--stack NAME]... [--jobs N] [--projects A,B] [--remediate] [--adopt DIR] [--policy]
                      [--policy-pack DIR [--policy-pack-config FILE]]... [--json]
  --cwd DIR         the Pulumi program's directory (default: the current one)
  --stack NAME      a stack of it (repeatable, or a comma list; default: its current stack)
  --jobs N          check N stacks at once (default 1); the report and exit code are the same
  --projects A,B    look for unmanaged endpoints in these projects (default: those of the stacks' endpoints)
  --remediate       run \`pulumi up --refresh\` on the stacks that drifted (never deletes or adopts
                    an unmanaged endpoint)
  --adopt DIR       write what adopts every unmanaged endpoint into DIR: a \`pulumi import --file\`
                    file (a program on the plugin), a TypeScript program of \`adopt: true\`
                    declarations (the dynamic resources), a README naming the secrets to fill in
  --policy          run the package's policy pack on what the endpoints are on the server (after
                    the refresh, before --remediate); a mandatory policy broken is exit 5
  --policy-pack DIR a policy pack of yours, run by the engine (\`pulumi policy analyze\`) on what
                    each stack's resources are on the server after the refresh (repeatable); a
                    mandatory policy broken is exit 5
  --policy-pack-config FILE
                    the JSON config of the --policy-pack given before it (as \`pulumi preview\` takes it)
  --json            print one JSON document on stdout (its JSON Schema: aria-reconcile --schema)
  --schema          print the JSON Schema of that document
Uses the \`pulumi\` on PATH, with its backend and PULUMI_CONFIG_PASSPHRASE from the environment; the
server and credentials are the stack's (vra: or aria: config), else VRA_URL, VRA_REFRESH_TOKEN, ...
Exit codes: 0 in sync, 7 drift or unmanaged endpoints, 5 a mandatory policy broken (--policy, --policy-pack),
4 a failure of the server or the program, 3 credentials refused, 2 bad configuration or usage.`;

/** The comma lists of repeated options, flattened. */
function list(values: readonly string[]): string[] {
  return values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

function options(argv: string[]) {
  return parseCommandLine(USAGE, () => {
    const { values, tokens } = parseArgs({
      args: argv,
      tokens: true,
      options: {
        cwd: { type: "string" },
        stack: { type: "string", multiple: true, default: [] },
        jobs: { type: "string", default: "1" },
        projects: { type: "string", multiple: true, default: [] },
        remediate: { type: "boolean", default: false },
        adopt: { type: "string" },
        policy: { type: "boolean", default: false },
        "policy-pack": { type: "string", multiple: true, default: [] },
        "policy-pack-config": { type: "string", multiple: true, default: [] },
        json: { type: "boolean", default: false },
        schema: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
    const stacks = list(values.stack).map(checkStackName);
    const cwd = path.resolve(values.cwd ?? ".");
    const adopt = values.adopt === undefined ? undefined : path.resolve(cwd, values.adopt);
    if (!/^\d+$/.test(values.jobs) || Number(values.jobs) < 1 || Number(values.jobs) > 64) {
      throw new Error(`--jobs must be a whole number from 1 to 64, got "${values.jobs}"`);
    }
    return {
      ...values,
      jobs: Number(values.jobs),
      stacks,
      projects: list(values.projects),
      cwd,
      adopt,
      policyPacks: userPacks(tokens, cwd),
    };
  });
}

/**
 * The --policy-pack DIRs, each with the --policy-pack-config FILE given after it (before the next
 * pack), as Pulumi pairs them; each checked now, so a wrong path is a usage error naming it.
 */
function userPacks(tokens: ReturnType<typeof parseArgs>["tokens"], cwd: string): UserPolicyPack[] {
  const packs: { dir: string; config?: string }[] = [];
  for (const token of tokens ?? []) {
    if (token.kind !== "option" || token.value === undefined) continue;
    if (token.name === "policy-pack") {
      const dir = path.resolve(cwd, token.value);
      if (!fs.existsSync(path.join(dir, "PulumiPolicy.yaml"))) {
        throw new Error(
          `--policy-pack ${token.value}: ${dir} holds no policy pack (no PulumiPolicy.yaml): pass the pack's directory`,
        );
      }
      packs.push({ dir });
    } else if (token.name === "policy-pack-config") {
      const last = packs[packs.length - 1];
      if (last === undefined || last.config !== undefined) {
        throw new Error(
          `--policy-pack-config ${token.value}: give it after the --policy-pack it configures (one each)`,
        );
      }
      const file = path.resolve(cwd, token.value);
      let config: unknown;
      try {
        config = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch (e) {
        throw new Error(
          `--policy-pack-config ${token.value}: cannot read it as JSON (${(e as Error).message}): pass the pack's config file`,
        );
      }
      if (config === null || typeof config !== "object" || Array.isArray(config)) {
        throw new Error(
          `--policy-pack-config ${token.value}: the config is a JSON object of policy names: {"policy-name": {...}}`,
        );
      }
      last.config = file;
    }
  }
  return packs;
}

/** The pulumi-aria range a written TypeScript project depends on: this package's version. */
function packageVersion(): string {
  const manifest = path.join(__dirname, "..", "..", "..", "package.json");
  return `^${(JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version}`;
}

/** A progress line, on a terminal only (stderr stays clean in CI logs and under --json). */
const progress = progressLine("aria-reconcile", "nothing");

async function main(argv: string[]): Promise<ExitCode> {
  const started = systemClock.now();
  const secrets: string[] = [];
  const scrub = (text: string) => redactPatterns(redactValues(text, secrets));
  let json = argv.includes("--json");
  const print = (result: ReconcileResult, message?: string): ExitCode => {
    progress.done(false);
    const report: ReconcileReport = {
      ...result,
      duration: Math.round((systemClock.now() - started) / 10) / 100,
      ...(message !== undefined ? { error: { message: scrub(message) } } : {}),
    };
    if (json) process.stdout.write(`${scrub(JSON.stringify(report, null, 2))}\n`);
    else if (message === undefined) process.stdout.write(scrub(formatReport(report)));
    if (message !== undefined) process.stderr.write(`aria-reconcile: ${scrub(message)}\n`);
    return report.exitCode;
  };
  try {
    const args = options(argv);
    json = args.json;
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return EXIT.inSync;
    }
    if (args.schema) {
      process.stdout.write(`${JSON.stringify(reportJsonSchema(), null, 2)}\n`);
      return EXIT.inSync;
    }
    if (!["Pulumi.yaml", "Pulumi.yml", "Pulumi.json"].some((f) => fs.existsSync(path.join(args.cwd, f)))) {
      throw new ReconcileError(
        `--cwd ${args.cwd} holds no Pulumi project (no Pulumi.yaml): run aria-reconcile in the program's directory, or pass --cwd DIR`,
        EXIT.usage,
      );
    }
    const pulumi = findOnPath("pulumi");
    if (pulumi === undefined) {
      throw new ReconcileError(
        "aria-reconcile runs the Pulumi CLI, and there is no `pulumi` on PATH: install it " +
          "(https://www.pulumi.com/docs/iac/download-install/) or put it on PATH",
        EXIT.usage,
      );
    }
    const result = await reconcile(
      {
        stacks: args.stacks,
        projects: args.projects,
        remediate: args.remediate,
        policy: args.policy,
        policyPacks: args.policyPacks,
        jobs: args.jobs,
        ...(args.adopt !== undefined ? { adopt: { dir: args.adopt, version: packageVersion() } } : {}),
      },
      {
        run: pulumiRunner(pulumi, args.cwd),
        env: process.env,
        createClient,
        progress: progress.show,
        secret: (value) => secrets.push(value),
      },
    );
    return print(result);
  } catch (e) {
    const exitCode = (e instanceof CliError ? e.exitCode : EXIT.failure) as ExitCode;
    const message = (e as Error).message;
    const events = eventsOf(e) ?? [{ event: "drift_detection_failed" as const, message }];
    return print({ result: "error", exitCode, stacks: [], drifted: [], unmanaged: [], events }, message);
  }
}

runCli("aria-reconcile", main, EXIT.failure);
