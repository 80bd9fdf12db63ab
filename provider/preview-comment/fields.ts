/**
 * The fields a step changes, from what the provider said (its detailed diff, else the top-level keys
 * it names) and what the states show (the old inputs against the new). A secret field is marked as
 * such and carries no value: it is under `secretProperties`, under a credential's key, or the CLI
 * shows it as a secret on either side.
 */
import { isCredentialKey } from "../core/secrets";
import { isDoorKey } from "../core/hidden-inputs";
import type { StepFacts } from "./input";
import { propertyPath } from "../core/property-path";
import { differingPaths, leafPaths, parsePath, valueAt, type PathSegment } from "./paths";

/** What a resource undergoes, in the order the summary counts them. */
export const ACTIONS = ["create", "update", "replace", "delete", "import", "same"] as const;
/** What a resource undergoes. */
export type Action = (typeof ACTIONS)[number];

/** One field that changes. */
export interface FieldChange {
  /** Its path, in Pulumi's form (`properties.url`). */
  readonly path: string;
  readonly kind: "add" | "delete" | "update";
  /** Whether changing it forces the resource's replacement. */
  readonly replaces: boolean;
  /** A secret: its values are never carried. */
  readonly secret: boolean;
  /** The value before and after, where there is one (never for a secret). */
  readonly before?: unknown;
  readonly after?: unknown;
}

/**
 * Whether a top-level input is one a door keeps beside the user's (the serialised provider, the
 * owner's URN, the note of moved secrets): never a change of theirs.
 */
const isDoorInput = (key: PathSegment | undefined): boolean => typeof key === "string" && isDoorKey(key);

/** The action of one step; undefined for one that plans nothing (a refresh, a read). */
export function actionOf(op: string): Action | undefined {
  switch (op) {
    case "create":
    case "update":
    case "delete":
    case "import":
    case "same":
      return op;
    case "replace":
    case "create-replacement":
    case "delete-replaced":
    case "import-replacement":
      return "replace";
    default:
      return undefined;
  }
}

/** Whether a field is a secret: under `secretProperties`, under a credential's key, or shown as one. */
function isSecretField(segments: readonly PathSegment[], step: StepFacts): boolean {
  if (segments[0] === "secretProperties") return true;
  if (segments.some((s) => typeof s === "string" && isCredentialKey(s))) return true;
  return [step.old?.inputs, step.old?.outputs, step.new?.inputs].some(
    (root) => valueAt(root, segments).secret,
  );
}

/** A field's change, its values left out when it is a secret. */
function fieldChange(
  step: StepFacts,
  segments: readonly PathSegment[],
  kind: FieldChange["kind"],
  replaces: boolean,
  oldRoots: ReadonlyArray<Readonly<Record<string, unknown>> | undefined>,
): FieldChange {
  const path = propertyPath(segments);
  if (isSecretField(segments, step)) return { path, kind, replaces, secret: true };
  const before = oldRoots.map((root) => valueAt(root, segments)).find((v) => v.found);
  const after = valueAt(step.new?.inputs, segments);
  return {
    path,
    kind,
    replaces,
    secret: false,
    ...(kind !== "add" && before ? { before: before.value } : {}),
    ...(kind !== "delete" && after.found ? { after: after.value } : {}),
  };
}

/** The fields a step changes: the provider's detailed diff, else the states compared and its reasons. */
export function fieldsOf(step: StepFacts, action: Action): FieldChange[] {
  const replaceKeys = new Set(step.replaceReasons);
  const forces = (segments: readonly PathSegment[], path: string) =>
    replaceKeys.has(path) || replaceKeys.has(String(segments[0]));
  if (step.detailedDiff) {
    return Object.entries(step.detailedDiff)
      .map(([path, diff]) => {
        const segments = parsePath(path);
        const kind = diff.kind.replace(/-replace$/, "") as FieldChange["kind"];
        const roots =
          diff.inputDiff === false
            ? [step.old?.outputs, step.old?.inputs]
            : [step.old?.inputs, step.old?.outputs];
        return fieldChange(
          step,
          segments,
          ["add", "delete", "update"].includes(kind) ? kind : "update",
          diff.kind.endsWith("-replace") || forces(segments, path),
          roots,
        );
      })
      .filter((f) => !isDoorInput(parsePath(f.path)[0]))
      .sort((a, b) => a.path.localeCompare(b.path));
  }
  const old = step.old?.inputs ?? {};
  const declared = step.new?.inputs ?? {};
  const paths =
    action === "create" || action === "import"
      ? leafPaths(declared)
      : action === "delete"
        ? leafPaths(old)
        : action === "same"
          ? []
          : differingPaths(old, declared);
  const kindOf = (segments: readonly PathSegment[]): FieldChange["kind"] =>
    action === "delete" || !valueAt(declared, segments).found
      ? "delete"
      : action === "create" || action === "import" || !valueAt(old, segments).found
        ? "add"
        : "update";
  const fields = paths
    .filter((segments) => !isDoorInput(segments[0]))
    .map((segments) =>
      fieldChange(step, segments, kindOf(segments), forces(segments, propertyPath(segments)), [old]),
    );
  // A top-level field the provider names that the states show no difference in: a secret, most often.
  if (action === "update" || action === "replace") {
    for (const key of new Set([...step.diffReasons, ...step.replaceReasons])) {
      if (isDoorInput(key) || fields.some((f) => parsePath(f.path)[0] === key)) continue;
      fields.push(fieldChange(step, [key], "update", replaceKeys.has(key), [old]));
    }
  }
  return fields.sort((a, b) => a.path.localeCompare(b.path));
}
