/**
 * `--policy-pack DIR` (and `--policy-pack-config FILE`, named as Pulumi's own flags): a user's policy
 * pack run on what each stack's resources are on the server after the refresh, not on what the program
 * proposes. The engine evaluates the pack itself: `pulumi policy analyze --file` runs local packs on a
 * state file without running the program or calling a provider, each resource's inputs analysed as in
 * a deployment (and the stack policies on their outputs). `pulumi refresh` takes no `--policy-pack`
 * (CLI 3.274.1), and `pulumi preview --refresh --policy-pack` analyses the program's proposal, so the
 * file handed to it is the stack's export with every resource as the refresh preview found it.
 *
 * No secret reaches the pack: every secret of that file is written as "[secret]", as the preview prints
 * the refreshed state and as `pulumi policy analyze` gives a secret it cannot decrypt; the file is
 * written private to the user, in a directory of its own, and removed after the analysis.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { z } from "zod";
import { isSecretEnvelope } from "../core/values";
import { type RunPulumi, scrubbedTail } from "../cli/pulumi";
import { urnParts } from "./drift";
import type { PreviewDigest } from "../common/preview-digest";
import { pulumiFailureCode, ReconcileError } from "./failures";
import { EXIT, type PolicyViolation } from "./report";

/** A user's policy pack and its config file (paths as given, resolved by the caller). */
export interface UserPolicyPack {
  readonly dir: string;
  readonly config?: string;
}

/** What a secret becomes in the analysed state. */
const REDACTED = "[secret]";

/** `value` with every secret (the engine's signature object) written as "[secret]". */
export function redactSecrets(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (isSecretEnvelope(value)) return REDACTED;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, redactSecrets(v)]));
}

/** What the refresh preview says of each resource it read: its state on the server, or gone. */
function refreshed(digest: PreviewDigest): {
  states: Map<string, { inputs?: Record<string, unknown>; outputs?: unknown }>;
  gone: Set<string>;
} {
  const states = new Map<string, { inputs?: Record<string, unknown>; outputs?: unknown }>();
  const gone = new Set<string>();
  for (const step of digest.steps ?? []) {
    // The refresh steps carry the state from before the refresh on both sides (./drift.ts).
    if (step.op === "refresh" || states.has(step.urn) || gone.has(step.urn)) continue;
    // Deleted out of band: the refresh dropped it, and the update would create it again.
    if (step.op === "create" && !step.oldState) {
      gone.add(step.urn);
      continue;
    }
    const state = step.op === "same" ? (step.oldState ?? step.newState) : step.oldState;
    if (state?.inputs) {
      const outputs = (state as { outputs?: unknown }).outputs;
      states.set(step.urn, { inputs: state.inputs, ...(outputs !== undefined ? { outputs } : {}) });
    }
  }
  return { states, gone };
}

/**
 * The state `pulumi policy analyze --file` is handed for one stack: its export (`pulumi stack export`)
 * with each resource's inputs and outputs as the refresh preview found them on the server, the ones
 * deleted out of band left out (and out of the others' dependencies), every secret "[secret]", and no
 * secrets provider nor pending operation (an `up` running beside this one may hold some). Pure.
 */
export function analyzedState(exported: unknown, digest: PreviewDigest): Record<string, unknown> {
  const doc = (exported ?? {}) as { deployment?: Record<string, unknown> } & Record<string, unknown>;
  const deployment = { ...(doc.deployment ?? {}) };
  const { states, gone } = refreshed(digest);
  const resources = Array.isArray(deployment.resources)
    ? (deployment.resources as Record<string, unknown>[])
    : [];
  const kept = resources
    .filter((r) => !gone.has(String(r.urn)))
    .map((resource) => {
      const found = states.get(String(resource.urn));
      const r: Record<string, unknown> = { ...resource };
      if (found?.inputs) r.inputs = found.inputs;
      if (found?.outputs !== undefined) r.outputs = found.outputs;
      if (Array.isArray(r.dependencies)) r.dependencies = r.dependencies.filter((u) => !gone.has(String(u)));
      if (r.propertyDependencies && typeof r.propertyDependencies === "object") {
        r.propertyDependencies = Object.fromEntries(
          Object.entries(r.propertyDependencies as Record<string, unknown>).map(([key, urns]) => [
            key,
            Array.isArray(urns) ? urns.filter((u) => !gone.has(String(u))) : urns,
          ]),
        );
      }
      if (typeof r.parent === "string" && gone.has(r.parent)) delete r.parent;
      return redactSecrets(r);
    });
  delete deployment.secrets_providers;
  delete deployment.pending_operations;
  return { ...doc, deployment: { ...deployment, resources: kept } };
}

/** One event of `pulumi policy analyze --json` (the parts read here). */
const AnalyzeEvent = z.looseObject({
  policyEvent: z
    .looseObject({
      resourceUrn: z.string().optional(),
      message: z.string().optional(),
      policyName: z.string(),
      policyPackName: z.string().optional(),
      enforcementLevel: z.string().optional(),
    })
    .optional(),
  diagnosticEvent: z
    .looseObject({ message: z.string().optional(), severity: z.string().optional() })
    .optional(),
});

/** The violations and error messages in what `pulumi policy analyze --json` printed (one event a line). */
export function analyzeOutput(
  stack: string,
  stdout: string,
): { violations: PolicyViolation[]; errors: string[] } {
  const violations: PolicyViolation[] = [];
  const errors: string[] = [];
  for (const line of stdout.split("\n")) {
    if (!line.trim().startsWith("{")) continue;
    let parsed: ReturnType<typeof AnalyzeEvent.safeParse>;
    try {
      parsed = AnalyzeEvent.safeParse(JSON.parse(line));
    } catch {
      continue;
    }
    if (!parsed.success) continue;
    const { policyEvent, diagnosticEvent } = parsed.data;
    if (policyEvent) {
      const urn = policyEvent.resourceUrn ?? "";
      violations.push({
        stack,
        urn,
        name: urn === "" ? "" : urnParts(urn).name,
        rule: policyEvent.policyName,
        ...(policyEvent.policyPackName ? { pack: policyEvent.policyPackName } : {}),
        enforcementLevel: policyEvent.enforcementLevel === "advisory" ? "advisory" : "mandatory",
        message: (policyEvent.message ?? "").trim(),
      });
    }
    if (diagnosticEvent?.severity === "error" && diagnosticEvent.message)
      errors.push(diagnosticEvent.message.trim().replace(/^error: /, ""));
  }
  return { violations, errors };
}

/**
 * Runs the user's `packs` on one stack's refreshed state (`pulumi policy analyze --file --json`), one
 * pack at a time so a failing one is named: their violations, in pack order. A pack that fails to
 * load or run ends the run (exit 2 for a CLI without `policy analyze --file`, else the CLI's failure).
 */
export async function runUserPacks(
  run: RunPulumi,
  stack: string,
  packs: readonly UserPolicyPack[],
  exported: unknown,
  digest: PreviewDigest,
): Promise<PolicyViolation[]> {
  if (packs.length === 0) return [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aria-reconcile-policy-"));
  try {
    const file = path.join(dir, `${stack.replace(/[^A-Za-z0-9._-]/g, "_")}.json`);
    fs.writeFileSync(file, JSON.stringify(analyzedState(exported, digest)), { mode: 0o600 });
    const out: PolicyViolation[] = [];
    for (const pack of packs) {
      const args = ["policy", "analyze", "--file", file, "--policy-pack", pack.dir];
      if (pack.config !== undefined) args.push("--policy-pack-config", pack.config);
      const result = await run([...args, "--json", "--non-interactive"]);
      const { violations, errors } = analyzeOutput(stack, result.stdout);
      const mandatory = violations.some((v) => v.enforcementLevel === "mandatory");
      // The CLI exits non-zero for a mandatory violation: that is the answer, not a failure.
      if (result.code !== 0 && (!mandatory || errors.length > 0)) {
        const old = /unknown (flag|command|shorthand flag)/i.test(result.stderr);
        throw new ReconcileError(
          `stack ${stack}: --policy-pack ${pack.dir}: \`pulumi policy analyze\` failed (exit ${result.code}): ` +
            (old
              ? "this Pulumi CLI has no `pulumi policy analyze --file`: install a newer one (3.274.1 has it)"
              : `${errors.length > 0 ? errors.join("\n") : scrubbedTail(result, [], 8)}\n` +
                "Check that the pack loads: `pulumi preview --policy-pack DIR` runs it the same way."),
          old ? EXIT.usage : pulumiFailureCode(result.code, result.stderr),
        );
      }
      out.push(...violations);
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
