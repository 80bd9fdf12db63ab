/**
 * One reconciliation: for each stack, its state and settings, the servers they name, a refresh
 * preview, the endpoints no stack manages, and with `remediate` the update of the stacks that drifted.
 *
 * It drives the `pulumi` CLI the user has (the first on PATH), with the backend, passphrase and
 * environment they have, rather than the Automation API: the Automation API spawns that same CLI,
 * and its `preview` returns a summary of counts where this needs each step (`--json`, the CLI's
 * documented `PreviewDigest`); the CLI works for a program in any language and through either door
 * with nothing installed beside it, and a failure keeps the CLI's own message and exit code. The
 * process reading the config never prints it: the secret values are kept only to scrub messages.
 */
import type { AriaClient, ClientConfig } from "../client";
import type { Endpoint as ApiEndpoint } from "../client/schemas";
import { listServerEndpoints } from "../endpoint/listing";
import { type RunPulumi, type PulumiResult, scrubbedTail } from "../cli/pulumi";
import { actualResources, driftOf, previewErrors } from "./drift";
import { PreviewDigest } from "../common/preview-digest";
import { policyViolations } from "./policy";
import { runUserPacks, type UserPolicyPack } from "./policy-pack";
import { lockHint, pulumiFailureCode, ReconcileError, serverFailure } from "./failures";
import * as fs from "node:fs";
import * as path from "node:path";
import { adoptionFiles, type AdoptionTarget } from "./adopt";
import { coverageOf } from "./coverage";
import type {
  DriftedResource,
  DriftEvent,
  PolicyViolation,
  ReconcileReport,
  StackSummary,
  UnmanagedEndpoint,
} from "./report";
import { EXIT, outcomeOf } from "./report";
import { configSecrets, StackConfig, stackServer, type StackServer } from "./settings";
import { readStackState, StackExport, type StackState } from "./state";
import { unmanagedEndpoints } from "./unmanaged";
import { mayBeAwaiting, withAwaiting } from "./awaiting";
import { atOnce, settled } from "./at-once";

/** What to reconcile. */
export interface ReconcileOptions {
  /** The stacks (none: the program directory's current stack). */
  readonly stacks: readonly string[];
  /** The projects to look for unmanaged endpoints in (none: those of the stacks' endpoints). */
  readonly projects: readonly string[];
  /** Run `pulumi up --refresh` on the stacks that drifted. */
  readonly remediate: boolean;
  /** Run the package's policy pack on what each stack's endpoints are on the server. */
  readonly policy?: boolean;
  /** Run these policy packs of the user's (through the engine) on what each stack's resources are. */
  readonly policyPacks?: readonly UserPolicyPack[];
  /** Write what adopts the unmanaged endpoints into this directory (and the pulumi-aria range its TypeScript project depends on). */
  readonly adopt?: { readonly dir: string; readonly version: string };
  /** Stacks read and checked at once (default 1: one after the other). */
  readonly jobs?: number;
}

/** What a reconciliation runs on. */
export interface ReconcileDeps {
  /** `pulumi` in the program directory. */
  readonly run: RunPulumi;
  /** The environment the settings fall back on (`VRA_*`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** A client of a server. */
  readonly createClient: (config: ClientConfig) => AriaClient;
  /** A progress line. */
  readonly progress: (text: string) => void;
  /** Learns a secret value to scrub from every message (as soon as it is read). */
  readonly secret: (value: string) => void;
}

/** The report of a reconciliation without its duration (the caller's clock). */
export type ReconcileResult = Omit<ReconcileReport, "duration">;

const NON_INTERACTIVE = "--non-interactive";

/** The last lines of what a failed `pulumi` printed. */
const tail = (result: PulumiResult, lines = 8): string => scrubbedTail(result, [], lines);

/** Runs `pulumi args`, throwing a {@link ReconcileError} that names `what` when it fails. */
async function pulumiJson(deps: ReconcileDeps, args: string[], what: string): Promise<unknown> {
  const result = await deps.run([...args, NON_INTERACTIVE]);
  if (result.code !== 0) {
    throw new ReconcileError(
      `${what}: \`pulumi ${args.join(" ")}\` failed (exit ${result.code}):\n${tail(result)}`,
      pulumiFailureCode(result.code, result.stderr),
    );
  }
  try {
    return JSON.parse(result.stdout) as unknown;
  } catch {
    throw new ReconcileError(`${what}: \`pulumi ${args.join(" ")}\` printed no JSON`, EXIT.failure);
  }
}

/** The program directory's current stack. */
async function currentStack(deps: ReconcileDeps): Promise<string> {
  const result = await deps.run(["stack", "--show-name", NON_INTERACTIVE]);
  if (result.code !== 0 || result.stdout.trim() === "") {
    throw new ReconcileError(
      `no stack given and none selected in the program directory: pass --stack NAME (${tail(result, 2)})`,
      EXIT.usage,
    );
  }
  return result.stdout.trim();
}

/** One stack as read before its preview. */
interface StackInput {
  readonly name: string;
  /** Its state as `pulumi stack export` printed it (whole: a user's policy pack is run on it). */
  readonly exported: unknown;
  readonly state: StackState;
  readonly server: StackServer;
}

async function readStack(deps: ReconcileDeps, name: string): Promise<StackInput> {
  const what = `stack ${name}`;
  const exported = StackExport.safeParse(await pulumiJson(deps, ["stack", "export", "--stack", name], what));
  if (!exported.success) throw new ReconcileError(`${what}: its state is not a Pulumi state`, EXIT.failure);
  const config = StackConfig.safeParse(
    await pulumiJson(deps, ["config", "--json", "--show-secrets", "--stack", name], what),
  );
  if (!config.success)
    throw new ReconcileError(`${what}: \`pulumi config --json\` is not understood`, EXIT.failure);
  for (const value of configSecrets(config.data)) deps.secret(value);
  const state = readStackState(exported.data);
  return {
    name,
    exported: exported.data,
    state,
    server: stackServer(name, config.data, state.door, deps.env, state.providerUrl),
  };
}

/** The stacks that share one server (and credentials), and what is on it. */
interface ServerGroup {
  readonly server: StackServer;
  readonly stacks: StackInput[];
  listed: ApiEndpoint[];
}

function groupByServer(stacks: readonly StackInput[]): ServerGroup[] {
  const groups = new Map<string, ServerGroup>();
  for (const stack of stacks) {
    const { url, credentials, organization } = stack.server.config;
    const key = JSON.stringify([url, credentials, organization]);
    const group = groups.get(key) ?? { server: stack.server, stacks: [], listed: [] };
    group.stacks.push(stack);
    groups.set(key, group);
  }
  return [...groups.values()];
}

async function listGroup(deps: ReconcileDeps, group: ServerGroup): Promise<void> {
  const url = group.server.config.url;
  const names = `stack ${group.stacks.map((s) => s.name).join(", ")}`;
  const client = deps.createClient(group.server.config);
  try {
    group.listed = await listServerEndpoints(client, undefined, (listed, total) =>
      deps.progress(`listed ${listed} of ${total} endpoints on ${url}`),
    );
  } catch (e) {
    throw serverFailure(e, url, names, group.server.credentialSetting);
  } finally {
    await client.close();
  }
}

async function previewDrift(deps: ReconcileDeps, stack: string): Promise<PreviewDigest> {
  deps.progress(`stack ${stack}: pulumi preview --refresh`);
  const args = ["preview", "--refresh", "--json", "--stack", stack];
  const result = await deps.run([...args, NON_INTERACTIVE]);
  let digest: PreviewDigest | undefined;
  try {
    const parsed = PreviewDigest.safeParse(JSON.parse(result.stdout));
    digest = parsed.success ? parsed.data : undefined;
  } catch {
    digest = undefined;
  }
  if (result.code !== 0 || digest === undefined) {
    const errors = previewErrors(digest);
    throw new ReconcileError(
      `stack ${stack}: \`pulumi ${args.join(" ")}\` failed (exit ${result.code}): ` +
        `${errors.length > 0 ? errors.join("\n") : tail(result)}\nNothing was changed.${lockHint(stack, result.stderr)}`,
      pulumiFailureCode(result.code, result.stderr),
    );
  }
  return digest;
}

async function remediate(deps: ReconcileDeps, stack: string): Promise<void> {
  deps.progress(`stack ${stack}: pulumi up --refresh`);
  const args = ["up", "--refresh", "--yes", "--skip-preview", "--stack", stack];
  const result = await deps.run([...args, NON_INTERACTIVE]);
  if (result.code !== 0) {
    throw new ReconcileError(
      `stack ${stack}: \`pulumi ${args.join(" ")}\` failed (exit ${result.code}):\n${tail(result)}` +
        lockHint(stack, result.stderr),
      pulumiFailureCode(result.code, result.stderr),
    );
  }
}

/** Writes the files that adopt the unmanaged endpoints into `dir` (made if missing; those files replaced). */
function writeAdoption(
  adopt: NonNullable<ReconcileOptions["adopt"]>,
  targets: readonly AdoptionTarget[],
  unmanaged: number,
): NonNullable<ReconcileReport["adoption"]> {
  const { files, covered, settings } = adoptionFiles(targets, adopt.version);
  try {
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(adopt.dir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    }
  } catch (e) {
    throw new ReconcileError(
      `--adopt ${adopt.dir}: cannot write there (${(e as Error).message}): pass a directory you can write`,
      EXIT.usage,
    );
  }
  return { dir: adopt.dir, unmanaged, covered, files: Object.keys(files).sort(), settings: [...settings] };
}

/** The drift events a failed run had, with the failure's (attached to the error the run throws). */
const EVENTS = Symbol("aria-reconcile events");

/** `drifted` with the deployment resources awaiting approval on the stack's server marked (./awaiting.ts). */
async function awaitingOnServer(
  deps: ReconcileDeps,
  stack: StackInput,
  drifted: DriftedResource[],
  digest: PreviewDigest,
): Promise<DriftedResource[]> {
  if (!drifted.some(mayBeAwaiting)) return drifted;
  const client = deps.createClient(stack.server.config);
  try {
    return await withAwaiting(client, drifted, digest);
  } finally {
    await client.close();
  }
}

/** The events of a run that threw `error` (undefined for an error that did not come from {@link reconcile}). */
export function eventsOf(error: unknown): DriftEvent[] | undefined {
  return error !== null && typeof error === "object"
    ? (error as { [EVENTS]?: DriftEvent[] })[EVENTS]
    : undefined;
}

/**
 * Reconciles the stacks; a failure is a {@link ReconcileError} (or an unexpected error: exit 4),
 * carrying the run's events ({@link eventsOf}): `drift_detection_failed` for each stack whose
 * detection did not finish, `drift_remediation_failed` for the stack whose update failed.
 */
export async function reconcile(options: ReconcileOptions, deps: ReconcileDeps): Promise<ReconcileResult> {
  const events: DriftEvent[] = [];
  const run = { names: [] as string[], remediating: undefined as string | undefined };
  try {
    return await reconcileStacks(options, deps, events, run);
  } catch (e) {
    const message = (e as Error).message;
    if (run.remediating !== undefined) {
      events.push({ event: "drift_remediation_failed", stack: run.remediating, message });
    } else {
      const detected = new Set(events.map((event) => event.stack));
      const failed = run.names.filter((name) => !detected.has(name));
      if (failed.length === 0) events.push({ event: "drift_detection_failed", message });
      for (const stack of failed) events.push({ event: "drift_detection_failed", stack, message });
    }
    if (e !== null && typeof e === "object") Object.assign(e, { [EVENTS]: events });
    throw e;
  }
}

async function reconcileStacks(
  options: ReconcileOptions,
  deps: ReconcileDeps,
  events: DriftEvent[],
  run: { names: string[]; remediating: string | undefined },
): Promise<ReconcileResult> {
  const names = options.stacks.length > 0 ? [...new Set(options.stacks)] : [await currentStack(deps)];
  run.names = names;
  const jobs = Math.max(1, options.jobs ?? 1);
  const stacks: StackInput[] = [];
  const read = await atOnce(names, jobs, (name) => {
    deps.progress(`stack ${name}: reading its state and settings`);
    return readStack(deps, name);
  });
  for (const outcome of read) stacks.push(settled(outcome));
  const groups = groupByServer(stacks);
  // The servers first: an unreachable one or refused credentials end the run before any preview.
  for (const group of groups) await listGroup(deps, group);

  const drifted: DriftedResource[] = [];
  const violations: PolicyViolation[] = [];
  const checked = await atOnce(stacks, jobs, async (stack) => {
    const digest = await previewDrift(deps, stack.name);
    const found = await awaitingOnServer(deps, stack, driftOf(stack.name, digest), digest);
    const broken: PolicyViolation[] = [];
    if (options.policy) broken.push(...policyViolations(stack.name, actualResources(digest)));
    if (options.policyPacks?.length) {
      deps.progress(`stack ${stack.name}: pulumi policy analyze`);
      broken.push(...(await runUserPacks(deps.run, stack.name, options.policyPacks, stack.exported, digest)));
    }
    return { found, broken };
  });
  for (const [index, stack] of stacks.entries()) {
    const { found, broken } = settled(checked[index]);
    violations.push(...broken);
    drifted.push(...found);
    events.push({ event: "drift_detection_succeeded", stack: stack.name });
    if (found.length > 0) events.push({ event: "drift_detected", stack: stack.name, drifted: found.length });
  }

  const managed = new Set(stacks.flatMap((s) => s.state.endpoints.map((e) => e.id)));
  const unmanaged: UnmanagedEndpoint[] = [];
  const listings = [];
  const targets: AdoptionTarget[] = [];
  for (const group of groups) {
    const projects = new Set(
      options.projects.length > 0
        ? options.projects
        : group.stacks.flatMap((s) => s.state.endpoints.map((e) => e.project)),
    );
    listings.push({ server: group.server.config.url, listed: group.listed, projects });
    const importInto = group.stacks.find((s) => s.state.door === "plugin") ?? group.stacks[0];
    const found = unmanagedEndpoints({
      server: group.server.config.url,
      listed: group.listed,
      projects,
      managed,
      stack: importInto?.name,
    });
    unmanaged.push(...found);
    const ids = new Set(found.map((u) => u.id));
    targets.push({
      server: group.server.config.url,
      endpoints: group.listed.filter((e) => ids.has(e.id)),
      stack: importInto?.name,
      door: importInto?.state.door,
    });
  }
  const adoption = options.adopt ? writeAdoption(options.adopt, targets, unmanaged.length) : undefined;

  const remediated = new Set<string>();
  if (options.remediate) {
    for (const stack of new Set(drifted.map((d) => d.stack))) {
      run.remediating = stack;
      await remediate(deps, stack);
      run.remediating = undefined;
      remediated.add(stack);
      events.push({
        event: "drift_remediation_succeeded",
        stack,
        drifted: drifted.filter((d) => d.stack === stack).length,
      });
    }
  }
  const summaries: StackSummary[] = stacks.map((s) => ({
    name: s.name,
    server: s.server.config.url,
    ...(s.state.door ? { door: s.state.door } : {}),
    projects: [...new Set(s.state.endpoints.map((e) => e.project))].sort(),
    endpoints: s.state.endpoints.length,
    drifted: drifted.filter((d) => d.stack === s.name).length,
    remediated: remediated.has(s.name),
  }));
  const report = {
    stacks: summaries,
    drifted: options.remediate
      ? drifted.map((d) => ({ ...d, remediated: remediated.has(d.stack) }))
      : drifted,
    unmanaged,
    coverage: coverageOf(listings, managed),
    ...(options.policy || options.policyPacks?.length ? { policy: { violations } } : {}),
    ...(adoption ? { adoption } : {}),
    events,
  };
  const mandatory = violations.filter((v) => v.enforcementLevel === "mandatory").length;
  return { ...outcomeOf(drifted.length, unmanaged.length, options.remediate, mandatory), ...report };
}
