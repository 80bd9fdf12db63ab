/**
 * Drift, read from what `pulumi preview --refresh --json` prints (the CLI's `PreviewDigest`): every
 * step of a resource that `pulumi up` would change after the refresh. Pure: the preview comes in as
 * data, the drifted resources go out as data, with the names of the inputs that differ and never
 * a value (the CLI writes a secret as "[secret]" there anyway).
 *
 * The fields are the step's detailed diff where the provider gave one (the plugin), else what the
 * step's inputs show (see {@link changedFields}).
 *
 * The refresh steps of that output carry no difference (the CLI prints the refreshed state on both
 * sides), so drift is read from the steps after them: an update's old state is the refreshed one,
 * its new state the declared inputs; an endpoint deleted out of band is gone from the refreshed state
 * and shows as a create.
 */
import type { PreviewDigest, PreviewStep } from "../common/preview-digest";
import { BOOKKEEPING_INPUTS } from "../core/hidden-inputs";
import { deepEqual } from "../core/json";
import type { DriftedResource } from "./report";

/** The step operations that change nothing, or only the state (never drift on their own). */
const UNCHANGED = new Set(["same", "refresh", "read", "discard", "remove-pending-replace"]);

/** The action a step op stands for; undefined for one that changes nothing on the server. */
function actionOf(op: string): DriftedResource["action"] | undefined {
  if (UNCHANGED.has(op)) return undefined;
  if (op === "create" || op === "update" || op === "delete") return op;
  if (op === "replace" || op === "create-replacement" || op === "delete-replaced") return "replace";
  if (op === "import" || op === "import-replacement") return "create";
  return "update";
}

/** The type and name of a URN (`urn:pulumi:stack::project::[parent$]type::name`). */
export function urnParts(urn: string): { type: string; name: string } {
  const parts = urn.split("::");
  const name = parts.slice(3).join("::");
  const typeChain = parts[2] ?? "";
  return { type: typeChain.slice(typeChain.lastIndexOf("$") + 1), name };
}

/**
 * Inputs that are no declaration of the user's: the dynamic door's serialised provider, and the URN
 * its resources pass as their owner (the door's bookkeeping, never compared).
 */
const IGNORED_INPUTS = new Set(BOOKKEEPING_INPUTS);

/** The paths (`a.b`) of the leaves that differ between two input objects; arrays compare whole. */
export function changedPaths(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  prefix = "",
): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === "object" && !Array.isArray(v);
  const out: string[] = [];
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (prefix === "" && IGNORED_INPUTS.has(key)) continue;
    const a = before[key];
    const b = after[key];
    if (isObject(a) && isObject(b)) out.push(...changedPaths(a, b, `${prefix}${key}.`));
    else if (!deepEqual(a, b)) out.push(`${prefix}${key}`);
  }
  return out;
}

/**
 * The inputs a step changes. A provider's detailed diff (the plugin's) names them by path, secrets
 * included, as the provider compares them: it is the answer. Without one (the dynamic door), the
 * step's top-level `diffReasons` and the leaves that differ between its old and new inputs (where a
 * secret shows as "[secret]" on both sides: a rotation shows as nothing).
 */
function changedFields(step: PreviewStep, action: DriftedResource["action"]): string[] {
  if (step.detailedDiff) return Object.keys(step.detailedDiff);
  const fields = [...(step.diffReasons ?? [])];
  if (action === "update" || action === "replace") {
    fields.push(...changedPaths(step.oldState?.inputs ?? {}, step.newState?.inputs ?? {}));
  }
  return fields;
}

/** Whether a URN's type is the engine's own (the stack, a provider), never a resource of the user's. */
function isEngineResource(type: string): boolean {
  return type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:");
}

/** Every resource of one stack's refresh preview that `pulumi up` would change, in the preview's order. */
export function driftOf(stack: string, preview: PreviewDigest): DriftedResource[] {
  const byUrn = new Map<string, DriftedResource>();
  for (const step of preview.steps ?? []) {
    const action = actionOf(step.op);
    const { type, name } = urnParts(step.urn);
    if (action === undefined || isEngineResource(type)) continue;
    const fields = new Set<string>(changedFields(step, action));
    for (const ignored of IGNORED_INPUTS) fields.delete(ignored);
    const id = step.oldState?.id || undefined;
    const previous = byUrn.get(step.urn);
    const entry: DriftedResource = {
      stack,
      urn: step.urn,
      name,
      type: step.newState?.type ?? step.oldState?.type ?? type,
      ...(id ? { id } : previous?.id ? { id: previous.id } : {}),
      // A replacement shows as several steps of one URN: one entry, the replace.
      action: previous && previous.action !== action ? "replace" : action,
      fields: [...new Set([...(previous?.fields ?? []), ...fields])].sort(),
    };
    byUrn.set(step.urn, entry);
  }
  return [...byUrn.values()];
}

/** The error messages of a failed preview (its diagnostics of severity error), one per line. */
export function previewErrors(preview: PreviewDigest | undefined): string[] {
  return (preview?.diagnostics ?? [])
    .filter((d) => d.severity === "error" && d.message)
    .map((d) => {
      const text = d.message!.trim().replace(/^error: /, "");
      return d.urn ? `${urnParts(d.urn).name}: ${text}` : text;
    })
    .filter((text) => text !== "preview failed");
}

/** A resource as it is on the server, after the preview's refresh: its URN, type and inputs. */
export interface ActualResource {
  readonly urn: string;
  readonly name: string;
  readonly type: string;
  readonly inputs: Readonly<Record<string, unknown>>;
}

/**
 * Every resource of a refresh preview as it is on the server (not as declared): the refreshed state a
 * `same` step carries (what is, being what is declared), or the old state of the step that would change it
 * (the refreshed one). The refresh steps are not read: the CLI prints the state from before the
 * refresh on both of their sides. A resource deleted out of band (a `create`) is not there to check,
 * nor are the engine's own resources.
 */
export function actualResources(preview: PreviewDigest): ActualResource[] {
  const byUrn = new Map<string, ActualResource>();
  for (const step of preview.steps ?? []) {
    const { type, name } = urnParts(step.urn);
    if (isEngineResource(type) || step.op === "refresh" || byUrn.has(step.urn)) continue;
    const state =
      step.op === "same"
        ? (step.oldState ?? step.newState)
        : actionOf(step.op) !== undefined
          ? step.oldState
          : undefined;
    if (!state?.inputs) continue;
    byUrn.set(step.urn, { urn: step.urn, name, type: state.type ?? type, inputs: state.inputs });
  }
  return [...byUrn.values()];
}
