/**
 * What aria-reconcile reports: the one JSON document `--json` prints, as zod (the single source of its
 * type and of the JSON Schema published beside it, `report.schema.json`, written by
 * `scripts/gen.mjs` from {@link reportJsonSchema}), and the exit codes.
 */
import { z } from "zod";

/**
 * The exit codes, those of the Pulumi CLI (stable since 3.226.1) for the same situations: 0 in sync,
 * 2 configuration or usage, 3 credentials refused, 4 a failure of the server or the program, 5 a
 * mandatory policy violated (with --policy, when nothing else failed), 7 drift or unmanaged endpoints
 * found.
 */
export const EXIT = {
  inSync: 0,
  usage: 2,
  credentials: 3,
  failure: 4,
  policy: 5,
  changes: 7,
} as const;

/** One of {@link EXIT}'s codes. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

const driftedShape = {
  stack: z.string().describe("The stack whose program declares the resource."),
  urn: z.string().describe("The resource's URN."),
  name: z.string().describe("The resource's name in the program."),
  /** The resource's type token (`aria:index:JenkinsEndpoint`, `pulumi-nodejs:dynamic/aria:Endpoint`, ...). */
  type: z.string().describe("The resource's type token."),
  /** The endpoint's (or deployment resource's) id on the server, where the state knows it. */
  id: z.string().optional().describe("The id on the server, where the state knows it."),
  /** What `pulumi up` would do: put the declared values back, create it again (it was deleted out of band), ... */
  action: z
    .enum(["update", "create", "replace", "delete"])
    .describe(
      "What `pulumi up` would do: update (put the declared values back), create (it is gone from the server), replace, delete (no longer declared).",
    ),
  fields: z
    .array(z.string())
    .describe("The names (paths such as `properties.url`) of the inputs that differ; never a value."),
  /**
   * A deployment resource whose creation the plugin ended as awaiting: its resource on the server and
   * the request waiting for approval (`pulumi up` continues it once approved).
   */
  awaiting: z
    .strictObject({
      resourceId: z.string().describe("The resource on the server."),
      requestId: z.string().describe("Its creation request."),
      status: z.string().describe("The request's status: APPROVAL_PENDING or USER_INTERACTION_PENDING."),
    })
    .optional()
    .describe(
      "A deployment resource whose creation awaits approval (the plugin ended it as awaiting): its resource and request; `pulumi up` continues the request once approved.",
    ),
  /** Whether `--remediate` put it back (absent without `--remediate`). */
  remediated: z
    .boolean()
    .optional()
    .describe("Whether --remediate put it back (absent without --remediate)."),
};
export const DriftedResource: z.ZodObject<typeof driftedShape, z.core.$strict> = z
  .strictObject(driftedShape)
  .meta({
    id: "DriftedResource",
    description: "A resource whose actual state differs from its declaration.",
  });
export type DriftedResource = z.output<typeof DriftedResource>;

const adoptShape = {
  /** `pulumi import` of its resource (`aria:index:<Type>`), for a program on the `aria` provider plugin. */
  pulumiImport: z
    .string()
    .describe(
      "`pulumi import` of its resource, for a program on the aria provider plugin (run in the program's directory).",
    ),
  /** `aria-export` of this one endpoint as a program with `adopt: true` (TypeScript, for the dynamic resources). */
  ariaExport: z
    .string()
    .describe("`aria-export` of this one endpoint as a TypeScript program with `adopt: true`, to copy from."),
};

const unmanagedShape = {
  server: z.string().describe("The server's URL."),
  project: z.string().describe("The endpoint's project."),
  name: z.string().describe("The endpoint's name."),
  /** The endpoint's type (`jenkins`, `git`, ...). */
  type: z.string().describe("The endpoint's type."),
  id: z.string().describe("The endpoint's id."),
  adopt: z.strictObject(adoptShape).describe("The commands that adopt it into a stack."),
};
export const UnmanagedEndpoint: z.ZodObject<typeof unmanagedShape, z.core.$strict> = z
  .strictObject(unmanagedShape)
  .meta({
    id: "UnmanagedEndpoint",
    description: "An endpoint on the server, in a project the stacks use, that none of the stacks manages.",
  });
export type UnmanagedEndpoint = z.output<typeof UnmanagedEndpoint>;

const stackShape = {
  name: z.string().describe("The stack's name."),
  server: z.string().optional().describe("The server its settings name (no credential)."),
  /** Which door its program uses: the dynamic resources (`vra:` settings) or the plugin (`aria:` settings). */
  door: z
    .enum(["dynamic", "plugin"])
    .optional()
    .describe("dynamic (vra: settings) or plugin (aria: settings)."),
  projects: z.array(z.string()).describe("The projects its endpoints are in."),
  endpoints: z.number().int().describe("How many endpoints it manages."),
  drifted: z.number().int().describe("How many of its resources drifted."),
  /** Whether `--remediate` ran `pulumi up --refresh` on it. */
  remediated: z.boolean().describe("Whether --remediate ran `pulumi up --refresh` on it."),
};
export const StackSummary: z.ZodObject<typeof stackShape, z.core.$strict> = z
  .strictObject(stackShape)
  .meta({ id: "StackSummary", description: "One stack looked at." });
export type StackSummary = z.output<typeof StackSummary>;

const ratioShape = {
  managed: z.number().int().nonnegative().describe("The endpoints there that the given stacks manage."),
  total: z.number().int().nonnegative().describe("Every endpoint there."),
  /** managed / total, in percent, to one decimal (100 where there is no endpoint). */
  percent: z
    .number()
    .min(0)
    .max(100)
    .describe("managed / total in percent, to one decimal (100 where there is no endpoint)."),
};
/** How many of the endpoints somewhere the stacks manage. */
export type CoverageRatio = { managed: number; total: number; percent: number };

const projectCoverageShape = {
  project: z.string().describe("The project."),
  ...ratioShape,
};
const serverCoverageShape = {
  server: z.string().describe("The server's URL."),
  ...ratioShape,
  projects: z
    .array(z.strictObject(projectCoverageShape))
    .describe("Per project looked in (those of --projects, else those of the stacks' endpoints)."),
};
const coverageShape = {
  ...ratioShape,
  servers: z.array(z.strictObject(serverCoverageShape)).describe("Per server."),
};
/** The endpoints the stacks manage out of all the endpoints in the projects looked in, in total and per server and project. */
export const Coverage: z.ZodObject<typeof coverageShape, z.core.$strict> = z
  .strictObject(coverageShape)
  .meta({
    id: "Coverage",
    description:
      "The endpoints the given stacks manage out of every endpoint in the projects looked in: in total, per server, per project.",
  });
/** The endpoints the stacks manage out of all the endpoints in the projects looked in. */
export type Coverage = z.output<typeof Coverage>;

/**
 * The drift events of a run, named as Pulumi Cloud's webhooks name theirs (the `filters` of a
 * webhook), so that what consumes those reads ours.
 */
export const EVENT_KINDS = [
  "drift_detected",
  "drift_detection_succeeded",
  "drift_detection_failed",
  "drift_remediation_succeeded",
  "drift_remediation_failed",
] as const;
/** One of {@link EVENT_KINDS}. */
export type EventKind = (typeof EVENT_KINDS)[number];

const eventShape = {
  /** The event, as Pulumi Cloud's webhook event filter names it. */
  event: z
    .enum(EVENT_KINDS)
    .describe(
      "As Pulumi Cloud's drift webhooks name it: drift_detection_succeeded (a stack's detection ran), drift_detected (and found drift), drift_detection_failed (it could not run), drift_remediation_succeeded / drift_remediation_failed (--remediate's update of a stack).",
    ),
  /** The stack (absent where a failure came before any stack was read). */
  stack: z
    .string()
    .optional()
    .describe("The stack (absent where the failure came before any stack was read)."),
  drifted: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("With drift_detected and the remediation events: how many of the stack's resources drifted."),
  message: z
    .string()
    .optional()
    .describe("With the failed events: what failed, and what to do (never a secret)."),
};
/** One drift event of a run. */
export const DriftEvent: z.ZodObject<typeof eventShape, z.core.$strict> = z.strictObject(eventShape).meta({
  id: "DriftEvent",
  description: "One drift event, named as Pulumi Cloud's drift webhooks name it.",
});
/** One drift event of a run. */
export type DriftEvent = z.output<typeof DriftEvent>;

const adoptionShape = {
  /** The directory written. */
  dir: z.string().describe("The directory --adopt wrote."),
  unmanaged: z.number().int().nonnegative().describe("How many endpoints were found unmanaged."),
  covered: z.number().int().nonnegative().describe("How many of them the files adopt."),
  /** The files written, relative to `dir`. */
  files: z.array(z.string()).describe("The files written, relative to dir."),
  settings: z
    .array(
      z.strictObject({
        server: z.string().describe("The server's URL."),
        endpoint: z.string().describe("The endpoint's name."),
        property: z.string().describe("The secret property."),
        configKey: z.string().describe("The config key the TypeScript program reads it from."),
      }),
    )
    .describe("The secrets the server masks, which no file holds: to fill in to have Pulumi write them."),
};
/** What --adopt wrote. */
export const Adoption: z.ZodObject<typeof adoptionShape, z.core.$strict> = z
  .strictObject(adoptionShape)
  .meta({ id: "Adoption", description: "What --adopt wrote to adopt the unmanaged endpoints." });

const violationShape = {
  stack: z.string().describe("The stack whose resource it is."),
  urn: z.string().describe("The resource's URN."),
  name: z.string().describe("The resource's name in the program."),
  /** The policy (rule) of the pack. */
  rule: z.string().describe("The policy of the pack it breaks."),
  /** The pack's name, for a pack of the user's (--policy-pack); absent for the package's own (--policy). */
  pack: z
    .string()
    .optional()
    .describe(
      "The name of the user's policy pack (--policy-pack) it comes from; absent: the package's (--policy).",
    ),
  /** Mandatory (exit 5) or advisory. */
  enforcementLevel: z.enum(["advisory", "mandatory"]).describe("mandatory (exit 5) or advisory."),
  /** What is wrong and how to fix it: the endpoint, the field; never a value of a secret. */
  message: z.string().describe("What is wrong and how to fix it; never a secret."),
};
export const PolicyViolation: z.ZodObject<typeof violationShape, z.core.$strict> = z
  .strictObject(violationShape)
  .meta({
    id: "PolicyViolation",
    description: "A rule of the policy pack that an endpoint, as it is on the server, breaks.",
  });
export type PolicyViolation = z.output<typeof PolicyViolation>;

const reportShape = {
  /**
   * `in-sync` (exit 0), `remediated` (drift put back, nothing unmanaged: exit 0), `changes` (drift or
   * unmanaged endpoints: exit 7), `error` (exit 2, 3 or 4, see `error`).
   */
  result: z
    .enum(["in-sync", "remediated", "changes", "violations", "error"])
    .describe(
      "in-sync (exit 0), remediated (drift put back and nothing unmanaged: exit 0), changes (drift or unmanaged endpoints: exit 7), violations (a mandatory policy broken, with --policy or --policy-pack: exit 5, before 7), error (exit 2, 3 or 4: see error).",
    ),
  /** The process's exit code. */
  exitCode: z
    .union([z.literal(0), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(7)])
    .describe("The exit code."),
  stacks: z.array(StackSummary).describe("The stacks looked at."),
  drifted: z.array(DriftedResource).describe("Every drifted resource (empty when in sync)."),
  unmanaged: z.array(UnmanagedEndpoint).describe("Every unmanaged endpoint (empty when there is none)."),
  /** The endpoints the stacks manage out of every endpoint there (absent when the run failed before listing them). */
  coverage: Coverage.optional().describe(
    "The endpoints the stacks manage out of every endpoint in the projects looked in (absent when the run failed before).",
  ),
  /** With --policy or --policy-pack: the violations by what the resources are on the server. */
  policy: z
    .strictObject({
      violations: z.array(PolicyViolation).describe("Every violation, in stack and pack order."),
    })
    .optional()
    .describe(
      "With --policy or --policy-pack: the package's policy pack, and the user's, run on what each stack's resources are on the server.",
    ),
  adoption: Adoption.optional().describe("With --adopt: what it wrote."),
  /** The drift events of the run, in order. */
  events: z.array(DriftEvent).describe("The drift events of the run, in the order they happened."),
  duration: z.number().nonnegative().describe("Wall time of the run, in seconds."),
  /** What failed (with `result: error`): which server, stack or setting, and what to do. */
  error: z
    .strictObject({ message: z.string().describe("What failed, where, and what to do; never a secret.") })
    .optional()
    .describe("What failed (with result error)."),
};
/** The document `aria-reconcile --json` prints. */
export const ReconcileReport: z.ZodObject<typeof reportShape, z.core.$strict> = z
  .strictObject(reportShape)
  .meta({ description: "The document `aria-reconcile --json` prints on stdout." });
/** The document `aria-reconcile --json` prints. */
export type ReconcileReport = z.output<typeof ReconcileReport>;

/**
 * The result and exit code of a run that found `drifted` resources, `unmanaged` endpoints and
 * `mandatoryViolations` of the policy pack: 5 for a violation (Pulumi's policy exit code: it comes
 * before 7, as a failed policy check ends `pulumi preview` before its changes count); 7 when either
 * of the others is left (drift is left unless `remediated`; unmanaged endpoints always are, remediation never
 * adopts nor deletes one), else 0.
 */
export function outcomeOf(
  drifted: number,
  unmanaged: number,
  remediated: boolean,
  mandatoryViolations = 0,
): Pick<ReconcileReport, "result" | "exitCode"> {
  if (mandatoryViolations > 0) return { result: "violations", exitCode: EXIT.policy };
  if (unmanaged > 0 || (drifted > 0 && !remediated)) return { result: "changes", exitCode: EXIT.changes };
  if (drifted > 0) return { result: "remediated", exitCode: EXIT.inSync };
  return { result: "in-sync", exitCode: EXIT.inSync };
}

/** The JSON Schema (draft 2020-12) of {@link ReconcileReport}, as `report.schema.json` holds it. */
export function reportJsonSchema(): Record<string, unknown> {
  return {
    $id: "https://github.com/pulumi-aria/pulumi-aria/provider/reconcile/report.schema.json",
    title: "aria-reconcile report",
    ...z.toJSONSchema(ReconcileReport, { target: "draft-2020-12" }),
  };
}
