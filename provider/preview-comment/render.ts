/**
 * A preview's review as a pull request's comment in GitHub Markdown: the summary first (passed or
 * failed, the count of each action, the mandatory policy violations), then each resource that changes
 * or has something said of it (its action, changed fields, what forces its replacement, the server's
 * verdict, check failures, policy findings), then the full diff folded in `<details>`. A secret
 * field shows as "secret changed", never a value. Cut to fit GitHub's comment limit: the folded diff
 * first, then the list of resources, each cut said where it happens.
 */
import { code, codeBlock, html, oneLine, shorten, text } from "./markdown";
import type { PolicyFinding } from "./input";
import { ACTIONS, type Action, type FieldChange, type PreviewReview, type ResourceReview } from "./resources";
import { UNKNOWN } from "../core/values";

/** The most characters GitHub takes in a comment. */
export const GITHUB_COMMENT_LIMIT = 65536;

/** How the comment is headed and how long it may be. */
export interface RenderOptions {
  /** The stack previewed, named in the heading. */
  readonly stack?: string;
  /** The preview's exit code, when known: a non-zero one fails it whatever its JSON says. */
  readonly exitCode?: number;
  /** The most characters of the comment (default: {@link GITHUB_COMMENT_LIMIT}). */
  readonly maxLength?: number;
}

/** The longest message shown (a longer one is cut with `…`). */
const MESSAGE_MAX = 1500;
/** The most fields named on one resource's line (the rest are counted; all are in the full diff). */
const FIELDS_SHOWN = 20;

const ACTION_LABEL: Record<Action, string> = {
  create: "➕ create",
  update: "✏️ update",
  replace: "🔁 replace",
  delete: "🗑️ delete",
  import: "📥 import",
  same: "no change",
};
const COLUMN: Record<Action, string> = {
  create: "create",
  update: "update",
  replace: "replace",
  delete: "delete",
  import: "import",
  same: "unchanged",
};

const message = (value: string): string => text(shorten(oneLine(value), MESSAGE_MAX));
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** What became of a secret field, in words (never its value). */
function secretChange(field: FieldChange): string {
  return field.kind === "add" ? "secret set" : field.kind === "delete" ? "secret removed" : "secret changed";
}

/** A field as the resource's line names it. */
function fieldLabel(field: FieldChange): string {
  if (!field.secret) return code(field.path);
  return `${code(field.path)} (${secretChange(field)})`;
}

/** A policy finding's line. */
function findingLine(finding: PolicyFinding): string {
  const mark = finding.waived ? "➖" : finding.level === "mandatory" ? "❌" : "⚠️";
  const level = finding.waived ? `${finding.level}, waived by an exception` : finding.level;
  // The engine's message is the policy's description, then what this resource breaks and the fix.
  const lines = finding.message.trim().split("\n");
  const said = lines.length > 1 ? lines.slice(1).join(" ") : finding.message;
  return `- ${mark} **Policy** ${code(finding.policy)} (${text(level)}): ${message(said)}`;
}

/** Whether something said of a resource fails the preview. */
function blocks(resource: ResourceReview): boolean {
  return (
    resource.validationFailure !== undefined ||
    resource.checkFailures.length > 0 ||
    resource.errors.length > 0 ||
    resource.policy.some((p) => p.level === "mandatory" && !p.waived)
  );
}

/** One resource's block: a line naming it and its action, then what is said of it. */
function resourceBlock(resource: ResourceReview): string {
  const action = resource.action ? ACTION_LABEL[resource.action] : "not planned (the preview stopped at it)";
  const lines = [`**${action}** ${code(resource.name)} · ${code(resource.type)}`, ""];
  const named = resource.fields.slice(0, FIELDS_SHOWN).map(fieldLabel);
  const more = resource.fields.length - named.length;
  const fieldList = `${named.join(", ")}${more > 0 ? ` and ${more} more (in the full diff)` : ""}`;
  if (resource.action === "update" || resource.action === "replace") {
    lines.push(
      resource.fieldsKnown
        ? `- **Changed:** ${fieldList}`
        : "- **Changed:** no field shown: the provider named none, and no input the CLI shows differs (so most likely a secret changed: the CLI shows no secret's value, old or new)",
    );
  } else if ((resource.action === "create" || resource.action === "import") && named.length > 0) {
    lines.push(`- **Sets:** ${fieldList}`);
  }
  if (resource.replaceReasons.length > 0)
    lines.push(`- **Replaced because of:** ${resource.replaceReasons.map(code).join(", ")}`);
  if (resource.validationFailure !== undefined)
    lines.push(`- ❌ **The server's validation failed:** ${message(resource.validationFailure)}`);
  for (const failure of resource.checkFailures)
    lines.push(
      failure.property
        ? `- ❌ **Check:** ${code(failure.property)}: ${message(failure.reason)}`
        : `- ❌ **Problem:** ${message(failure.reason)}`,
    );
  for (const error of resource.errors) lines.push(`- ❌ **Error:** ${message(error)}`);
  for (const finding of resource.policy) lines.push(findingLine(finding));
  for (const warning of resource.warnings) lines.push(`- ⚠️ **Warning:** ${message(warning)}`);
  return lines.join("\n");
}

/** A value in the full diff: JSON, an unknown one as the CLI says it. */
function shown(value: unknown): string {
  if (value === UNKNOWN) return "(known after apply)";
  return JSON.stringify(value, (_k, v: unknown) => (v === UNKNOWN ? "(known after apply)" : v)) ?? "null";
}

/** One resource's part of the full diff, as the lines of a `diff` block. */
function diffLines(resource: ResourceReview): string[] {
  const sign =
    resource.action === "create" || resource.action === "import"
      ? "+"
      : resource.action === "delete"
        ? "-"
        : "~";
  const head = `${sign} ${oneLine(resource.name)} (${oneLine(resource.type)}): ${resource.action ?? "not planned"}`;
  const lines = [head];
  for (const field of resource.fields) {
    const forces = field.replaces ? " (forces replacement)" : "";
    if (field.secret) {
      const what = secretChange(field);
      lines.push(
        `${field.kind === "add" ? "+" : field.kind === "delete" ? "-" : "~"}   ${field.path}: ${what}${forces}`,
      );
      continue;
    }
    if (field.kind !== "add") lines.push(`-   ${field.path}: ${shown(field.before)}${forces}`);
    if (field.kind !== "delete") lines.push(`+   ${field.path}: ${shown(field.after)}${forces}`);
  }
  if (resource.fields.length === 0) lines.push("    (no field to show)");
  return lines;
}

/** The heading and summary. */
function summary(review: PreviewReview, options: RenderOptions): string {
  const exitFailed = options.exitCode !== undefined && options.exitCode !== 0;
  const passed = review.passed && !exitFailed;
  const of = options.stack ? ` of ${code(options.stack)}` : "";
  const lines = [`### ${passed ? "✅" : "❌"} \`pulumi preview\`${of} ${passed ? "passed" : "failed"}`, ""];
  const refused = review.resources.filter((r) => r.validationFailure !== undefined).length;
  const checks = review.resources.reduce((n, r) => n + r.checkFailures.length, 0);
  const errors = review.errors.length + review.resources.reduce((n, r) => n + r.errors.length, 0);
  const facts = [
    review.policyKnown
      ? `**${plural(review.mandatory, "mandatory policy violation")}**, ${plural(review.advisory, "advisory finding")}`
      : "policy findings: not in this JSON (see below)",
    ...(refused > 0 ? [`**${plural(refused, "endpoint")} refused by the server's validation**`] : []),
    ...(checks > 0 ? [`**${plural(checks, "check failure")}**`] : []),
    ...(errors > 0 ? [`**${plural(errors, "error")}**`] : []),
    ...(exitFailed && review.passed ? [`**exit code ${options.exitCode}**: see the job's log`] : []),
  ];
  lines.push(facts.join(" · "), "");
  const shownActions = ACTIONS.filter((a) => a !== "import" || review.counts.import > 0);
  lines.push(
    `| ${shownActions.map((a) => COLUMN[a]).join(" | ")} |`,
    `|${shownActions.map(() => ":-:").join("|")}|`,
    `| ${shownActions.map((a) => String(review.counts[a])).join(" | ")} |`,
  );
  if (!review.policyKnown) {
    lines.push(
      "",
      "_The policy pack's findings are not in `pulumi preview --json`'s summary document: run the preview " +
        "with `PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true` to have them here._",
    );
  } else if (review.policyPacks && Object.keys(review.policyPacks).length > 0) {
    // The engine keys a pack by `name|local|path` (a local pack) or its name.
    const packs = Object.entries(review.policyPacks).map(([key, version]) =>
      code(`${key.split("|")[0]}@${version}`),
    );
    lines.push("", `Policy packs: ${packs.join(", ")}`);
  }
  if (review.errors.length > 0 || review.warnings.length > 0 || review.stackPolicy.length > 0) {
    lines.push("", "**The stack:**", "");
    for (const error of review.errors) lines.push(`- ❌ **Error:** ${message(error)}`);
    for (const finding of review.stackPolicy) lines.push(findingLine(finding));
    for (const warning of review.warnings) lines.push(`- ⚠️ **Warning:** ${message(warning)}`);
  }
  return lines.join("\n");
}

/** The folded full diff of the resources' parts given, and a note when some were left out. */
function details(parts: readonly string[][], total: number, limit: number): string {
  const cut =
    parts.length < total
      ? `\n\n_The full diff is cut to fit GitHub's comment limit (${limit} characters): ${parts.length} of ${total} resources shown. \`pulumi preview --diff\` shows all of it._`
      : "";
  const body = parts.length > 0 ? `\n\n${codeBlock("diff", parts.flat())}` : "";
  return `<details><summary>${html(`Full diff (${plural(total, "resource")})`)}</summary>${body}${cut}\n\n</details>`;
}

/** The Markdown of a preview's review, at most `maxLength` characters. */
export function renderComment(review: PreviewReview, options: RenderOptions = {}): string {
  const limit = options.maxLength ?? GITHUB_COMMENT_LIMIT;
  const head = summary(review, options);
  // What blocks the pull request first, then the rest, each in the preview's order.
  const resources = [...review.resources.filter(blocks), ...review.resources.filter((r) => !blocks(r))];
  const resourceBlocks = resources.map(resourceBlock);
  const diffs = resources.filter((r) => r.action !== undefined).map(diffLines);
  const compose = (resourceBlocks: readonly string[], cutNote: string, folded: string | undefined) =>
    [head, ...(resourceBlocks.length > 0 ? ["#### Resources", ...resourceBlocks] : []), cutNote, folded]
      .filter((part) => part !== undefined && part !== "")
      .join("\n\n") + "\n";

  // Every resource and as much of the diff as fits (each resource's part whole), the diff cut first.
  const fits = (n: number) =>
    compose(
      resourceBlocks,
      "",
      diffs.length > 0 ? details(diffs.slice(0, n), diffs.length, limit) : undefined,
    );
  let shownDiffs = diffs.length;
  let out = fits(shownDiffs);
  if (out.length <= limit) return out;
  let low = 0;
  let high = diffs.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid).length <= limit) low = mid;
    else high = mid - 1;
  }
  shownDiffs = low;
  out = fits(shownDiffs);
  if (out.length <= limit) return out;

  // Then no diff, and as many resources as fit.
  const withResources = (n: number) =>
    compose(
      resourceBlocks.slice(0, n),
      n < resourceBlocks.length
        ? `_${plural(resourceBlocks.length - n, "more resource")} and the full diff are left out to fit GitHub's comment limit (${limit} characters): \`pulumi preview --diff\` shows all of it._`
        : "",
      undefined,
    );
  low = 0;
  high = resourceBlocks.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (withResources(mid).length <= limit) low = mid;
    else high = mid - 1;
  }
  out = withResources(low);
  if (out.length <= limit) return out;
  const note = "\n\n_Cut here to fit GitHub's comment limit._\n";
  return out.slice(0, Math.max(0, limit - note.length)) + note;
}
