/**
 * A preview, resource by resource: what each would undergo (its action), the fields that change and
 * which of them force a replacement (./fields.ts), the server's verdict and the provider's check
 * failures from the preview's diagnostics (./messages.ts), and the policy pack's findings; then the
 * counts and whether it passed. Pure: the preview comes in as data ({@link PreviewFacts}), the review
 * goes out as data, secrets marked as such and their values never carried.
 */
import type { DiagnosticFacts, PolicyFinding, PreviewFacts, StepFacts } from "./input";
import { ACTIONS, actionOf, fieldsOf, type Action, type FieldChange } from "./fields";
import { classify, exposedValues, scrub, type CheckFailure } from "./messages";

export { ACTIONS, type Action, type FieldChange } from "./fields";
export type { CheckFailure } from "./messages";

/** One resource of the preview, as a reviewer needs it. */
export interface ResourceReview {
  readonly urn: string;
  readonly name: string;
  readonly type: string;
  /** Undefined for a resource the preview did not get as far as planning (a check failed). */
  readonly action?: Action;
  readonly fields: readonly FieldChange[];
  /** Whether the fields are known: false for a change whose provider named none (and states show none). */
  readonly fieldsKnown: boolean;
  /** The fields that force the replacement. */
  readonly replaceReasons: readonly string[];
  /** The server's reason when its validation of the resource failed. */
  readonly validationFailure?: string;
  readonly checkFailures: readonly CheckFailure[];
  /** Other errors and the warnings printed for it. */
  readonly errors: readonly string[];
  readonly warnings: readonly string[];
  readonly policy: readonly PolicyFinding[];
}

/** A preview, as a reviewer needs it. */
export interface PreviewReview {
  readonly passed: boolean;
  /** Resources per action (the engine's own resources, the stack and providers, not counted). */
  readonly counts: Readonly<Record<Action, number>>;
  /** The resources that change or have something said of them, in the preview's order. */
  readonly resources: readonly ResourceReview[];
  /** Errors and warnings of no resource (or of the stack). */
  readonly errors: readonly string[];
  readonly warnings: readonly string[];
  /** Findings on the stack as a whole. */
  readonly stackPolicy: readonly PolicyFinding[];
  /** Whether the input carries policy findings (the events do, the digest does not). */
  readonly policyKnown: boolean;
  readonly policyPacks?: Readonly<Record<string, string>>;
  /** Mandatory findings not waived by an exception (each fails the preview), and the rest. */
  readonly mandatory: number;
  readonly advisory: number;
}

/** The type and name of a URN (`urn:pulumi:stack::project::[parent$]type::name`). */
export function urnParts(urn: string): { type: string; name: string } {
  const parts = urn.split("::");
  const chain = parts[2] ?? "";
  return { type: chain.slice(chain.lastIndexOf("$") + 1), name: parts.slice(3).join("::") };
}

/** Whether a type is the engine's own (the stack, a provider), never a resource of the user's. */
const isEngineType = (type: string): boolean =>
  type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:");

/** What is known of one resource while the steps are read. */
interface Gathered {
  urn: string;
  type: string;
  steps: StepFacts[];
  diagnostics: DiagnosticFacts[];
  policy: PolicyFinding[];
}

/** The review of a preview. */
export function reviewPreview(facts: PreviewFacts): PreviewReview {
  const byUrn = new Map<string, Gathered>();
  const gather = (urn: string, type?: string): Gathered => {
    let entry = byUrn.get(urn);
    if (!entry) {
      entry = { urn, type: type ?? urnParts(urn).type, steps: [], diagnostics: [], policy: [] };
      byUrn.set(urn, entry);
    }
    return entry;
  };
  const isEngine = (urn: string | undefined) => urn === undefined || isEngineType(urnParts(urn).type);
  for (const step of facts.steps) {
    if (!isEngine(step.urn) && actionOf(step.op) !== undefined) gather(step.urn, step.type).steps.push(step);
  }
  const secrets = exposedValues(facts.steps.flatMap((s) => [s.old, s.new]));
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const d of facts.diagnostics) {
    const message = scrub(d.message, secrets);
    if (!isEngine(d.urn)) {
      if (d.severity === "error" || d.severity === "warning")
        gather(d.urn!).diagnostics.push({ ...d, message });
      continue;
    }
    const text = message.trim().replace(/^(error|warning): /, "");
    if (d.severity === "error" && text !== "preview failed") errors.push(text);
    else if (d.severity === "warning") warnings.push(text);
  }
  const stackPolicy: PolicyFinding[] = [];
  for (const finding of facts.policy ?? []) {
    const scrubbed = { ...finding, message: scrub(finding.message, secrets) };
    if (isEngine(finding.urn)) stackPolicy.push(scrubbed);
    else gather(finding.urn!).policy.push(scrubbed);
  }

  const resources: ResourceReview[] = [];
  const counts = Object.fromEntries(ACTIONS.map((a) => [a, 0])) as Record<Action, number>;
  for (const entry of byUrn.values()) {
    const review = reviewResource(entry);
    if (review.action) counts[review.action]++;
    const quiet =
      review.action === "same" &&
      review.policy.length === 0 &&
      review.checkFailures.length === 0 &&
      review.errors.length === 0 &&
      review.warnings.length === 0 &&
      review.validationFailure === undefined;
    if (!quiet) resources.push(review);
  }
  const all = [...stackPolicy, ...resources.flatMap((r) => r.policy)];
  const mandatory = all.filter((p) => p.level === "mandatory" && !p.waived).length;
  const failed =
    facts.result === "failed" ||
    mandatory > 0 ||
    errors.length > 0 ||
    resources.some(
      (r) => r.errors.length > 0 || r.checkFailures.length > 0 || r.validationFailure !== undefined,
    );
  return {
    passed: !failed,
    counts,
    resources,
    errors,
    warnings,
    stackPolicy,
    policyKnown: facts.policy !== undefined,
    ...(facts.policyPacks ? { policyPacks: facts.policyPacks } : {}),
    mandatory,
    advisory: all.length - mandatory,
  };
}

/** One resource's review from its steps, diagnostics and findings. */
function reviewResource(entry: Gathered): ResourceReview {
  // A replacement is several steps of one URN; a refresh preview may show an update the refresh
  // found before the step that counts: the last step decides, unless one of them replaces.
  const planned = entry.steps.map((step) => ({ step, action: actionOf(step.op)! }));
  const replacing = planned.filter((p) => p.action === "replace");
  const decisive =
    replacing.find((p) => p.step.op === "replace") ?? replacing[0] ?? planned[planned.length - 1];
  const action = decisive?.action;
  const fields = decisive ? fieldsOf(decisive.step, decisive.action) : [];
  const replaceReasons = [
    ...new Set([
      ...replacing.flatMap((p) => p.step.replaceReasons),
      ...fields.filter((f) => f.replaces).map((f) => f.path),
    ]),
  ].sort();
  const checkFailures: CheckFailure[] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  let validationFailure: string | undefined;
  for (const d of entry.diagnostics) {
    const said = classify(d.message);
    if ("validation" in said) validationFailure = said.validation;
    else if ("check" in said && d.severity === "error") checkFailures.push(said.check);
    else if ("check" in said) warnings.push(said.check.reason);
    else if (d.severity === "error") errors.push(said.text);
    else warnings.push(said.text);
  }
  return {
    urn: entry.urn,
    name: urnParts(entry.urn).name,
    type: entry.type,
    ...(action ? { action } : {}),
    fields,
    fieldsKnown: action !== "update" && action !== "replace" ? true : fields.length > 0,
    replaceReasons,
    ...(validationFailure !== undefined ? { validationFailure } : {}),
    checkFailures,
    errors,
    warnings,
    policy: entry.policy,
  };
}
