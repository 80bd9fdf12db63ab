/**
 * What `pulumi preview --json` prints, read into one shape whichever form it took:
 *
 * - the preview digest (one JSON document: `steps`, `diagnostics`, `changeSummary`), what the CLI
 *   prints by default. It carries no policy findings: the CLI leaves the policy events out of it;
 * - the engine's events, one JSON object a line (`PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi
 *   preview --json`, or the file `--event-log` writes): the same steps and diagnostics as
 *   `resourcePreEvent`s and `diagnosticEvent`s, and the policy pack's findings as `policyEvent`s.
 *
 * Every object is read loosely (`z.looseObject`): a newer CLI may add fields. Secrets arrive masked
 * either way: as `"[secret]"` in the digest, as the engine's secret envelope in the events.
 */
import { z } from "zod";
import { Diagnostic, PreviewDigest, PropertyDiff, StepState } from "../common/preview-digest";

/** A step as the engine's events carry it (`resourcePreEvent.metadata`). */
const StepMetadata = z.looseObject({
  op: z.string(),
  urn: z.string(),
  type: z.string().optional(),
  old: StepState.nullish(),
  new: StepState.nullish(),
  keys: z.array(z.string()).nullish(),
  diffs: z.array(z.string()).nullish(),
  detailedDiff: z.record(z.string(), PropertyDiff).nullish(),
});

/** A policy pack's finding as the engine's events carry it (`policyEvent`). */
const PolicyEvent = z.looseObject({
  resourceUrn: z.string().optional(),
  message: z.string().optional(),
  policyName: z.string(),
  policyPackName: z.string().optional(),
  policyPackVersion: z.string().optional(),
  enforcementLevel: z.string(),
  exceptions: z.array(z.unknown()).nullish(),
});

/** One of the engine's events (the kinds read here; the others are passed over). */
export const EngineEvent = z.looseObject({
  resourcePreEvent: z.looseObject({ metadata: StepMetadata }).optional(),
  diagnosticEvent: Diagnostic.optional(),
  policyEvent: PolicyEvent.optional(),
  summaryEvent: z
    .looseObject({
      resourceChanges: z.record(z.string(), z.number()).nullish(),
      PolicyPacks: z.record(z.string(), z.string()).nullish(),
      result: z.string().optional(),
    })
    .optional(),
});
/** One of the engine's events (the kinds read here). */
export type EngineEvent = z.output<typeof EngineEvent>;

/** A resource's state in a step: its inputs, and its outputs where the engine has them. */
export interface StateFacts {
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly outputs: Readonly<Record<string, unknown>>;
}

/** One step the engine plans, in either input form. */
export interface StepFacts {
  readonly op: string;
  readonly urn: string;
  readonly type?: string;
  readonly old?: StateFacts;
  readonly new?: StateFacts;
  /** The top-level properties the provider names as changed. */
  readonly diffReasons: readonly string[];
  /** The properties the provider names as forcing a replacement. */
  readonly replaceReasons: readonly string[];
  /** The provider's detailed diff, by property path; undefined when it gave none. */
  readonly detailedDiff?: Readonly<Record<string, { kind: string; inputDiff?: boolean }>>;
}

/** A policy pack's finding on a resource (or on the stack). */
export interface PolicyFinding {
  readonly urn?: string;
  readonly policy: string;
  readonly pack?: string;
  /** `mandatory`, `advisory`, `remediate`, ... */
  readonly level: string;
  readonly message: string;
  /** Whether an exception of the pack's config waives it. */
  readonly waived: boolean;
}

/** One diagnostic the preview printed. */
export interface DiagnosticFacts {
  readonly urn?: string;
  readonly severity: string;
  readonly message: string;
}

/** What a preview says, whichever form it was printed in. */
export interface PreviewFacts {
  readonly steps: readonly StepFacts[];
  readonly diagnostics: readonly DiagnosticFacts[];
  /** The policy findings; undefined when the input cannot carry them (the digest). */
  readonly policy?: readonly PolicyFinding[];
  /** The policy packs that ran (name → version), when the input says. */
  readonly policyPacks?: Readonly<Record<string, string>>;
  /** The engine's result (`succeeded`, `failed`), when the input says. */
  readonly result?: string;
}

const stateOf = (state: z.output<typeof StepState> | null | undefined): StateFacts | undefined =>
  state ? { inputs: state.inputs ?? {}, outputs: state.outputs ?? {} } : undefined;

const diagnosticOf = (d: z.output<typeof Diagnostic>): DiagnosticFacts | undefined =>
  d.ephemeral || d.message === undefined
    ? undefined
    : {
        ...(d.urn ? { urn: d.urn } : {}),
        severity: d.severity ?? "info",
        message: `${d.prefix ?? ""}${d.message}`,
      };

/** The facts of a preview digest. */
export function digestFacts(digest: PreviewDigest): PreviewFacts {
  return {
    steps: (digest.steps ?? []).map((s) => ({
      op: s.op,
      urn: s.urn,
      type: s.newState?.type ?? s.oldState?.type,
      old: stateOf(s.oldState),
      new: stateOf(s.newState),
      diffReasons: s.diffReasons ?? [],
      replaceReasons: s.replaceReasons ?? [],
      ...(s.detailedDiff ? { detailedDiff: s.detailedDiff } : {}),
    })),
    diagnostics: (digest.diagnostics ?? []).flatMap((d) => diagnosticOf(d) ?? []),
  };
}

/** The facts of the engine's events of one preview. */
export function eventFacts(events: readonly EngineEvent[]): PreviewFacts {
  const steps: StepFacts[] = [];
  const diagnostics: DiagnosticFacts[] = [];
  const policy: PolicyFinding[] = [];
  let summary: NonNullable<EngineEvent["summaryEvent"]> | undefined;
  for (const event of events) {
    const m = event.resourcePreEvent?.metadata;
    if (m) {
      steps.push({
        op: m.op,
        urn: m.urn,
        type: m.type ?? m.new?.type ?? m.old?.type,
        old: stateOf(m.old),
        new: stateOf(m.new),
        diffReasons: m.diffs ?? [],
        replaceReasons: m.keys ?? [],
        ...(m.detailedDiff ? { detailedDiff: m.detailedDiff } : {}),
      });
    }
    const d = event.diagnosticEvent && diagnosticOf(event.diagnosticEvent);
    if (d) diagnostics.push(d);
    const p = event.policyEvent;
    if (p) {
      policy.push({
        ...(p.resourceUrn ? { urn: p.resourceUrn } : {}),
        policy: p.policyName,
        ...(p.policyPackName ? { pack: p.policyPackName } : {}),
        level: p.enforcementLevel,
        message: p.message ?? "",
        waived: (p.exceptions ?? []).length > 0,
      });
    }
    if (event.summaryEvent) summary = event.summaryEvent;
  }
  return {
    steps,
    diagnostics,
    policy,
    ...(summary?.PolicyPacks ? { policyPacks: summary.PolicyPacks } : {}),
    ...(summary?.result ? { result: summary.result } : {}),
  };
}

/** The JSON values of a text: one document, or one a line (the engine's events). */
function jsonValues(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed === "") throw new Error("the input is empty: expected what `pulumi preview --json` prints");
  try {
    return [JSON.parse(trimmed)];
  } catch {
    // One event a line.
  }
  return trimmed
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, i) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new Error(
          `line ${i + 1} of the input is not JSON: expected what \`pulumi preview --json\` prints ` +
            "(one document, or the engine's events one a line)",
        );
      }
    });
}

/** Where zod found a value not of the shape expected, for a message. */
function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue.path.length > 0 ? issue.path.join(".") : "the document"}: ${issue.message}`;
}

/**
 * Reads what `pulumi preview --json` printed: the digest, or the engine's events (one a line, or a
 * JSON list of them). Throws an error saying what is wrong with it otherwise.
 */
export function readPreview(text: string): PreviewFacts {
  const values = jsonValues(text);
  const events = values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
  const isEvent = (v: unknown) =>
    v !== null && typeof v === "object" && ("sequence" in v || "timestamp" in v || "summaryEvent" in v);
  if (events.length > 0 && events.every(isEvent)) {
    const parsed = z.array(EngineEvent).safeParse(events);
    if (!parsed.success)
      throw new Error(`an event of the input is not one of the engine's: ${describeIssue(parsed.error)}`);
    return eventFacts(parsed.data);
  }
  if (values.length !== 1) {
    throw new Error("the input holds several JSON documents that are not the engine's events");
  }
  const parsed = PreviewDigest.safeParse(values[0]);
  if (!parsed.success || values[0] === null || typeof values[0] !== "object" || Array.isArray(values[0])) {
    throw new Error(
      "the input is not what `pulumi preview --json` prints" +
        (parsed.success ? " (a JSON object)" : `: ${describeIssue(parsed.error)}`),
    );
  }
  return digestFacts(parsed.data);
}
