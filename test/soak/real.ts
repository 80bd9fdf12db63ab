import * as fs from "node:fs";
import * as path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { isDeepStrictEqual } from "node:util";
import { BUSY_SERVER_FAULTS } from "../../emulator";
import type { AriaClient } from "../../provider/client";
import { readOwnerMark } from "../../provider/client/owner-mark";
import { isEndpointType } from "../../provider/registry/typed-endpoints";
import { USERS } from "../support/emulator";
import { E2EStack, openStack, OpResult } from "../support/program-stack";
import { Declared, Door, Model, SERVER_TYPE, writeProgram } from "./model";

/*
 * The real side of the soak (test/soak): one stack of one door against its emulator, driven by the
 * real `pulumi` CLI, and the invariants checked after every command. A broken invariant throws a
 * Violation, which fails the history (fast-check then shrinks it).
 */

export class Violation extends Error {}

/** What a soak run counts, for its report. */
export interface Tally {
  steps: Record<string, number>;
  /** Requests the faults answered in place of the server: by status (503, 429) or `cut` (lost answers). */
  faults: Record<string, number>;
  kills: number;
  /** Runs after the first `up` of a command (the second up, or the command a message named). */
  extraRuns: number;
  /** Language hosts of the engine found alive after a run (stopped by the soak; see expectNothingLeft). */
  languageHostsLeft: number;
  violations: string[];
}

export function emptyTally(): Tally {
  return { steps: {}, faults: {}, kills: 0, extraRuns: 0, languageHostsLeft: 0, violations: [] };
}

const PROGRAMS: Record<Door, { program: string; projectName: string }> = {
  ts: { program: "test/soak/program-ts", projectName: "soak-ts" },
  yaml: { program: "test/soak/program-yaml", projectName: "soak-yaml" },
};

/** Names that occur more than once. */
function duplicates(names: string[]): string[] {
  const seen = new Map<string, number>();
  for (const name of names) seen.set(name, (seen.get(name) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([name]) => name);
}

/** The processes (pid and command line) whose working directory or arguments name `dir`. */
export function processesIn(dir: string): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const name of fs.readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").join(" ").trim();
      const cwd = fs.readlinkSync(`/proc/${name}/cwd`);
      if (cwd === dir || cwd.startsWith(`${dir}/`) || cmdline.includes(dir)) found.push({ pid, cmdline });
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
  return found;
}

/**
 * Resolves once each of `pids` has exited, or after `timeoutMs` with those still running. They are no
 * children of this process, so there is nothing of theirs to await in Node: python3 waits on each one's
 * pidfd (Linux's exit notification, `os.pidfd_open`) with `select`, which wakes at an exit, not at a
 * tick.
 */
async function exitOf(pids: number[], timeoutMs: number): Promise<void> {
  const script = [
    "import os, select, sys, time",
    "fds = []",
    "for pid in sys.argv[2:]:",
    "    try: fds.append(os.pidfd_open(int(pid)))",
    "    except ProcessLookupError: pass",
    "end = time.monotonic() + float(sys.argv[1])",
    "while fds:",
    "    ready, _, _ = select.select(fds, [], [], max(0.0, end - time.monotonic()))",
    "    if not ready: break",
    "    fds = [fd for fd in fds if fd not in ready]",
  ].join("\n");
  const waiter = spawn("python3", ["-c", script, String(timeoutMs / 1000), ...pids.map(String)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const [code] = (await once(waiter, "close")) as [number | null];
  if (code !== 0) throw new Error(`waiting for processes ${pids.join(", ")} to exit: python3 exited ${code}`);
}

/** The repair of docs/guides/faults.md for a kill while the engine wrote its state: empty side files deleted. */
function removeEmptySideFiles(dir: string): number {
  let removed = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name.endsWith(".attrs") && fs.statSync(file).size === 0) {
      fs.rmSync(file);
      removed++;
    }
  }
  return removed;
}

/** The secret property of each kind on the server. */
const SECRET_KEY = {
  jenkins: "password",
  git: "password",
  typedJenkins: "password",
  typedEmail: "outboundPassword",
};

export class Real {
  /** Everything the engine printed or returned since the stack was opened, for the secret check. */
  private printed: string[] = [];
  private history = 0;

  private constructor(
    readonly door: Door,
    readonly stack: E2EStack,
    readonly client: AriaClient,
    public tally: Tally,
  ) {}

  /** Counts from now on in a fresh tally, and returns it. */
  startTally(): Tally {
    this.tally = emptyTally();
    return this.tally;
  }

  static async open(door: Door, tally: Tally): Promise<Real> {
    const stack = await openStack({
      ...PROGRAMS[door],
      namespace: door === "yaml" ? "aria" : "vra",
      ...(door === "yaml" ? { noCredentials: true } : {}),
    });
    if (door === "yaml") {
      stack.setConfig("aria:url", stack.url);
      stack.setConfig("aria:refreshToken", { value: USERS.admin, secret: true });
    }
    return new Real(door, stack, stack.client(), tally);
  }

  /**
   * Starts a fresh history: a new stack on the same backend and emulator, with nothing on the
   * server and no faults (the emulator is shared by the histories of one door).
   */
  async reset(): Promise<void> {
    await this.stack.ops.setFaults([]);
    for (const e of await this.client.listAllEndpoints()) await this.client.deleteEndpoint(e.id);
    const stack = this.stack as unknown as { stackName: string; applied?: unknown };
    stack.stackName = `soak${++this.history}x${Date.now().toString(36)}`;
    stack.applied = undefined;
    this.printed = [];
    writeProgram(this.door, this.stack.workDir, this.stack.url, []);
  }

  async close(): Promise<void> {
    await this.stack.dispose();
  }

  async setFaults(on: boolean): Promise<void> {
    await this.stack.ops.setFaults(on ? BUSY_SERVER_FAULTS : []);
  }

  /** Runs `fn` with the server's faults off (reads and edits of the server by hand), then as the model has them. */
  async faultless<T>(model: Model, fn: () => Promise<T>): Promise<T> {
    await this.setFaults(false);
    try {
      return await fn();
    } finally {
      await this.setFaults(model.faults);
    }
  }

  private record(result: OpResult): OpResult {
    if (process.env.SOAK_VERBOSE)
      process.stderr.write(
        `[soak] ${result.op} ${result.ok ? "ok" : "failed"} ${JSON.stringify(result.summary)} ${JSON.stringify(result.steps ?? [])} at ${new Date().toISOString()}\n`,
      );
    this.printed.push(
      result.stdout,
      result.stderr ?? "",
      result.error ?? "",
      JSON.stringify(result.outputs ?? {}),
    );
    return result;
  }

  /** Counts the faults the emulator answered since the last count, and clears its log. */
  private async countFaults(): Promise<void> {
    const log = await this.stack.requests();
    for (const entry of log.entries as Array<{ status: number; fault?: string }>) {
      const kind = entry.fault === "status" ? String(entry.status) : entry.fault;
      if (kind) this.tally.faults[kind] = (this.tally.faults[kind] ?? 0) + 1;
    }
    await this.stack.resetRequests();
  }

  /**
   * The model's program, a preview, then `up`: if it fails, the command its message names (a killed
   * run's leftovers), then at most one more `up`. Fails the history if that does not converge, or if
   * an `up` that succeeded at once took other steps than the preview before it announced (a preview
   * that fails, under the faults, promises nothing).
   */
  async converge(model: Model, options: { refresh?: boolean } = {}): Promise<void> {
    writeProgram(this.door, this.stack.workDir, this.stack.url, model.endpoints);
    const promise = this.record(await this.stack.preview(options));
    await this.expectNothingLeft("preview");
    const first = this.record(await this.stack.up(options));
    await this.expectNothingLeft("up");
    if (first.ok && promise.ok && !isDeepStrictEqual(promise.steps, first.steps))
      throw new Violation(
        `the preview promised ${JSON.stringify(promise.steps)}, the up took ${JSON.stringify(first.steps)}`,
      );
    if (first.ok) return;
    this.tally.extraRuns++;
    await this.repair(`${first.error ?? ""}\n${first.stderr ?? ""}\n${first.stdout}`);
    const second = this.record(await this.stack.up(options));
    await this.expectNothingLeft("second up");
    if (!second.ok)
      throw new Violation(`up did not converge in two runs: ${second.error}\n(first: ${first.error})`);
  }

  /** What a failed run's message names to run before the next `up` (docs/guides/faults.md). */
  private async repair(message: string): Promise<void> {
    if (/failed to load checkpoint: EOF/.test(message)) removeEmptySideFiles(this.stack.backendDir());
    if (/clear-pending-creates|pending operations/.test(message)) {
      const refreshed = this.record(
        await this.stack.refresh({ clearPendingCreates: true, skipPreview: true }),
      );
      if (!refreshed.ok) throw new Violation(`refresh --clear-pending-creates failed: ${refreshed.error}`);
    }
  }

  /**
   * An `up` of the model's program killed (SIGKILL of the `pulumi` process alone, as a dying CI
   * step's runner does) once the emulator has answered `after` API requests; then the commands
   * docs/guides/faults.md gives after a killed run. Returns whether the kill landed before the end.
   */
  async killedUp(model: Model, after: number): Promise<boolean> {
    writeProgram(this.door, this.stack.workDir, this.stack.url, model.endpoints);
    const progress = this.stack.emulator.served((entry) => !entry.path.startsWith("/__emulator"), after);
    const children = (this.stack as unknown as { children: Set<ChildProcess> }).children;
    const before = new Set(children);
    const running = this.stack.up();
    const first = await Promise.race([progress.then(() => "progress"), running.then(() => "ended")]);
    let killed = false;
    if (first === "progress") {
      const cli = [...children].find((child) => !before.has(child));
      if (cli?.pid) {
        process.kill(cli.pid, "SIGKILL");
        killed = true;
        this.tally.kills++;
      }
    }
    // An orphan holding the CLI's output pipes keeps the run from ending: checked before waiting for it.
    await this.expectNothingLeft(killed ? "up killed" : "up");
    const result = this.record(await running);
    if (!killed && result.ok) return false;
    for (let attempt = 0; attempt < 2; attempt++) {
      const cancel = await this.stack.pulumi(["cancel", "--yes", "--stack", this.stack.stackName]);
      this.printed.push(cancel.stdout, cancel.stderr);
      if (cancel.code === 0) break;
      if (!/failed to load checkpoint: EOF/.test(cancel.stderr) || attempt > 0)
        throw new Violation(`pulumi cancel failed after a killed up: ${cancel.stderr}`);
      removeEmptySideFiles(this.stack.backendDir());
    }
    const refreshed = this.record(await this.stack.refresh({ clearPendingCreates: true, skipPreview: true }));
    if (!refreshed.ok)
      throw new Violation(`refresh --clear-pending-creates after a kill failed: ${refreshed.error}`);
    await this.converge(model);
    return killed;
  }

  /**
   * Fails the history if a process of the stack's runs is still alive once they ended: waits for
   * them to exit (a bounded wait on the condition), then names and kills what stays.
   */
  async expectNothingLeft(after: string): Promise<void> {
    // The engine's language host (a build of the Pulumi SDK's, no part of this project) outlives a
    // killed engine: not waited for, counted and stopped, not a violation of the provider's.
    const isLanguageHost = (p: { cmdline: string }) => /\/pulumi-language-\w+ /.test(`${p.cmdline} `);
    const running = processesIn(this.stack.workDir).filter((p) => !isLanguageHost(p));
    if (running.length > 0)
      await exitOf(
        running.map((p) => p.pid),
        15_000,
      );
    const left = processesIn(this.stack.workDir);
    if (left.length === 0) return;
    for (const { pid } of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    const ours = left.filter((p) => !isLanguageHost(p));
    this.tally.languageHostsLeft += left.length - ours.length;
    if (ours.length > 0)
      throw new Violation(
        `processes left running after ${after}: ${ours.map((p) => `${p.pid} ${p.cmdline}`).join("; ")}`,
      );
  }

  /** An edit of the endpoint by hand through the API: its description. */
  async editOnServer(model: Model, d: Declared, description: string): Promise<void> {
    await this.faultless(model, async () => {
      const current = (await this.client.listAllEndpoints()).find(
        (e) => e.name === d.name && e.project === d.project,
      );
      if (!current) throw new Violation(`endpoint ${d.project}/${d.name} is not on the server`);
      await this.client.updateEndpoint(current.id, {
        name: current.name,
        type: current.type,
        project: current.project ?? undefined,
        description,
        isRestricted: current.isRestricted ?? undefined,
        properties: { ...current.properties, [SECRET_KEY[d.kind]]: d.password },
      });
    });
  }

  /** A deletion of the endpoint by hand through the API. */
  async deleteOnServer(model: Model, d: Declared): Promise<void> {
    await this.faultless(model, async () => {
      await this.client.deleteEndpointByName(d.project, d.name);
    });
  }

  /** The invariants after a command (see docs/guides/faults.md, "Random histories"). */
  async check(model: Model): Promise<void> {
    await this.countFaults();
    const server = await this.faultless(model, () => this.client.listAllEndpoints());
    const problems: string[] = [];
    const dup = duplicates(server.map((e) => `${e.project}/${e.name}`));
    if (dup.length > 0) problems.push(`duplicate names on the server: ${dup.join(", ")}`);
    // The server equals the model: per project and name, type and the fields the model knows.
    const declared = new Map(model.endpoints.map((d) => [`${d.project}/${d.name}`, d]));
    for (const e of server) {
      const d = declared.get(`${e.project}/${e.name}`);
      if (!d) {
        problems.push(`on the server, not declared: ${e.project}/${e.name}`);
        continue;
      }
      const got = {
        type: e.type,
        description: readOwnerMark(e.description ?? "").description,
        isRestricted: e.isRestricted ?? false,
      };
      const want = { type: SERVER_TYPE[d.kind], description: d.description, isRestricted: d.isRestricted };
      if (JSON.stringify(got) !== JSON.stringify(want))
        problems.push(
          `${d.project}/${d.name}: server has ${JSON.stringify(got)}, model ${JSON.stringify(want)}`,
        );
    }
    const onServer = new Set(server.map((e) => `${e.project}/${e.name}`));
    for (const key of declared.keys())
      if (!onServer.has(key)) problems.push(`declared, not on the server: ${key}`);
    // The state equals the server (ids).
    const deployment = (await this.stack.exportStack()) as {
      deployment: { resources?: Array<{ type: string; id?: string }> };
    };
    const stateIds = (deployment.deployment.resources ?? [])
      .filter((r) => isEndpointType(r.type))
      .map((r) => r.id ?? "")
      .sort();
    const serverIds = server.map((e) => e.id).sort();
    if (JSON.stringify(stateIds) !== JSON.stringify(serverIds))
      problems.push(`state ids ${JSON.stringify(stateIds)} != server ids ${JSON.stringify(serverIds)}`);
    // A preview (and, faults off, a refresh) finds nothing to do.
    const preview = this.record(await this.stack.preview({ expectNoChanges: true }));
    if (!preview.ok) problems.push(`preview --expect-no-changes: ${preview.error}`);
    if (!model.faults) {
      const refresh = this.record(await this.stack.refresh({ expectNoChanges: true, skipPreview: true }));
      if (!refresh.ok) problems.push(`refresh --expect-no-changes: ${refresh.error}`);
    }
    await this.expectNothingLeft("preview and refresh");
    // No secret of the model in plain text in the state, the outputs or anything printed.
    const state = this.stack.rawState();
    const printed = this.printed.join("\n");
    for (const secret of model.secrets) {
      if (state.includes(secret)) problems.push(`secret ${secret} in plain text in the state`);
      if (printed.includes(secret)) problems.push(`secret ${secret} in plain text in a run's output`);
    }
    if (problems.length > 0) throw new Violation(problems.join("\n"));
  }
}
