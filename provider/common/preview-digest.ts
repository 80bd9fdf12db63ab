/**
 * What `pulumi preview --json` prints by default, the CLI's preview digest (`steps`, `diagnostics`,
 * `changeSummary`), in the one shape the tools that read a preview share: aria-reconcile's drift
 * (../reconcile/drift.ts) and the pull request's comment (../preview-comment/input.ts). Every object
 * is read loosely (`z.looseObject`): a newer CLI may add fields. Secrets arrive masked (`"[secret]"`).
 */
import { z } from "zod";

/** A resource's state as a step shows it (the parts read). */
export const StepState = z.looseObject({
  type: z.string().optional(),
  id: z.string().optional(),
  inputs: z.record(z.string(), z.unknown()).nullish(),
  outputs: z.record(z.string(), z.unknown()).nullish(),
});

/** One property's difference in a step's detailed diff: its kind, and whether it compares inputs. */
export const PropertyDiff = z.looseObject({
  kind: z.string(),
  inputDiff: z.boolean().optional(),
});

/** One step of the preview digest. */
export const PreviewStep = z.looseObject({
  op: z.string(),
  urn: z.string(),
  oldState: StepState.nullish(),
  newState: StepState.nullish(),
  diffReasons: z.array(z.string()).nullish(),
  replaceReasons: z.array(z.string()).nullish(),
  detailedDiff: z.record(z.string(), PropertyDiff).nullish(),
});
/** One step of the preview digest. */
export type PreviewStep = z.output<typeof PreviewStep>;

/** One diagnostic (a message of the engine, the program or a provider). */
export const Diagnostic = z.looseObject({
  urn: z.string().optional(),
  prefix: z.string().optional(),
  message: z.string().optional(),
  severity: z.string().optional(),
  ephemeral: z.boolean().optional(),
});

/** The preview digest: what `pulumi preview --json` prints by default. */
export const PreviewDigest = z.looseObject({
  steps: z.array(PreviewStep).nullish(),
  diagnostics: z.array(Diagnostic).nullish(),
  changeSummary: z.record(z.string(), z.number()).nullish(),
});
/** The preview digest: what `pulumi preview --json` prints by default. */
export type PreviewDigest = z.output<typeof PreviewDigest>;
