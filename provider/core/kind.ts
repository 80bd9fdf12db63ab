import type { PropertyMap } from "./values";

/*
 * One resource kind of the provider core: the lifecycle the engine drives, as plain async functions
 * over plain values (./values.ts: secrets marked, unknowns explicit). Nothing here knows how it is
 * served: the dynamic door (../dynamic/door.ts) adapts a kind to a Pulumi dynamic provider, the
 * plugin door (../plugin) to the provider protocol. The shapes match Pulumi's own (a dynamic
 * provider's results are structurally these), so a door translates values, not results.
 *
 * Inputs and state reach a kind as the program's data only: what a door keeps in the engine's inputs
 * for itself (its hidden inputs, ./hidden-inputs.ts) is taken out by the door,
 * and what it carries reaches the kind as a context beside the inputs ({@link CreateContext}); what a
 * kind has to tell a door beyond its results comes back beside them too ({@link CheckResult.moved}).
 * Outputs may hold {@link Secret} marks, which the door turns into its own.
 */

/** An input that failed validation: the property's path and what to do about it. */
export interface CheckFailure {
  /** The property, as a path (`properties.url`, `secretProperties["api-key"]`). */
  readonly property: string;
  /** What is wrong and what to do; never quotes a secret. */
  readonly reason: string;
}

/** The validated inputs (defaults applied, secrets routed), or the failures. */
export interface CheckResult {
  readonly inputs: PropertyMap;
  readonly failures?: CheckFailure[];
  /**
   * The secrets `check` moved out of the plain properties into the secret ones, by name: the door
   * notes them beside the checked inputs, for an analyzer (a policy pack sees inputs only after
   * `check`, when the mistake is no longer visible in them). Absent or empty: none moved.
   */
  readonly moved?: readonly string[];
}

/**
 * A kind's checked inputs as an analyzer (a policy pack) reads them back from the engine: the inputs,
 * with what the door noted beside them taken apart again (the secrets {@link CheckResult.moved}).
 * Both doors write the note and a reader reads it back through ./checked-inputs.ts: a reader gets
 * this shape and never a door's key.
 */
export type CheckedInputs = Required<Pick<CheckResult, "inputs" | "moved">>;

/**
 * How one property changes, as Pulumi's `PropertyDiff` kinds: added, deleted or updated, and the
 * `-replace` variants for a property whose change replaces the resource.
 */
export type PropertyChange =
  "add" | "delete" | "update" | "add-replace" | "delete-replace" | "update-replace";

/** What changes between the stored inputs and the new ones. */
export interface DiffResult {
  /** Whether anything changes (`undefined`: the engine compares itself). */
  readonly changes?: boolean;
  /** The properties whose change replaces the resource. */
  readonly replaces?: string[];
  /** The properties that never change in an update. */
  readonly stables?: string[];
  /** Delete the old resource before creating its replacement (names are unique on the server). */
  readonly deleteBeforeReplace?: boolean;
  /** The top-level inputs that change (the engine's `diffs`, a step's `diffReasons`), in a stable order. */
  readonly diffs?: string[];
  /**
   * Each changed input by its path (`description`, `properties.url`, `secretProperties["api-key"]`:
   * ../core/property-path.ts), with how it changes: between the stored inputs and the new ones, never
   * an output-only field, and never a value (a secret's rotation is an `update` of its path). What the
   * plugin door shows as the preview's diff; the dynamic door's protocol has no place for it.
   */
  readonly detailedDiff?: Readonly<Record<string, PropertyChange>>;
}

/**
 * What a door knows of the resource a creation is for, beyond its inputs: whom it is created for, so
 * that a kind can tell its own stack's earlier work on the server from another stack's.
 */
export interface CreateContext {
  /**
   * The resource's URN (the plugin's request names it; the dynamic door composes it from the
   * program's stack, project and resource name). Unique per stack and resource; never secret.
   */
  readonly owner?: string;
  /**
   * Whether the door can end the creation as awaiting ({@link ResourceAwaitError}: the plugin's
   * `ErrorResourceAwaitFailed`); without it the kind keeps waiting (a dynamic provider cannot).
   */
  readonly canAwait?: boolean;
}

/** A created resource: its id and outputs. */
export interface CreateResult {
  readonly id: string;
  readonly outs: PropertyMap;
}

/** A resource as the server has it; no id: it is gone. */
export interface ReadResult {
  readonly id?: string;
  /** Its outputs. */
  readonly props?: PropertyMap;
  /** The inputs that would declare it as it is (what `pulumi import` and refresh store). */
  readonly inputs?: PropertyMap;
}

/** An updated resource's outputs. */
export interface UpdateResult {
  readonly outs: PropertyMap;
}

/** How a door calls `check`. */
export interface CheckOptions {
  /**
   * The door runs {@link ResourceKind.checkStep} before every create and update, in a preview too
   * (the plugin door, in the engine's parallel steps): `check` leaves those checks to it.
   */
  readonly inSteps?: boolean;
}

/** One resource kind's lifecycle. */
export interface ResourceKind {
  /** Validates new inputs against the previous ones (`olds`: the stored inputs, empty on create). */
  check(olds: PropertyMap, news: PropertyMap, options?: CheckOptions): Promise<CheckResult>;
  /**
   * The checks of one resource that ask the server, each a round trip (the endpoint's validation by
   * the server): what a door that calls `check` with `inSteps` runs before creating or updating the
   * resource, in the preview of a create or an update too, where the engine runs steps in parallel
   * (it calls `check` for one resource after another). `inputs` are checked inputs; in a preview some
   * may be unknown, and what needs them is skipped, as in `check`. Failures, or none; absent when the
   * kind has no such checks.
   */
  checkStep?(inputs: PropertyMap): Promise<CheckFailure[]>;
  /** Compares stored inputs (`olds`) with checked new ones. */
  diff(id: string, olds: PropertyMap, news: PropertyMap): Promise<DiffResult>;
  /** Creates the resource from checked inputs, for the resource the context names. */
  create(inputs: PropertyMap, context?: CreateContext): Promise<CreateResult>;
  /** Reads the resource by id; `props` is its stored state (empty on import). */
  read(id: string, props?: PropertyMap): Promise<ReadResult>;
  /** Updates the resource in place from its stored state (`olds`) to checked new inputs. */
  update(id: string, olds: PropertyMap, news: PropertyMap): Promise<UpdateResult>;
  /** Deletes the resource; gone already is success. */
  delete(id: string, props: PropertyMap): Promise<void>;
  /**
   * One page of the resources on the server that `query` (the kind's list inputs, known) matches:
   * `top` of them at most, from `skip` on, in a stable order. Absent when the kind cannot be listed.
   */
  list?(query: PropertyMap, window: ListWindow): Promise<ListedPage>;
}

/** Where a page of a listing starts and how many it holds at most. */
export interface ListWindow {
  /** Resources to skip first. */
  readonly skip: number;
  /** Most resources on the page. */
  readonly top: number;
}

/** A resource found by a listing: what it can be read or imported by, and its name on the server. */
export interface ListedResource {
  readonly id: string;
  readonly name: string;
}

/** One page of a listing. */
export interface ListedPage {
  /** The resources of the page. */
  readonly items: readonly ListedResource[];
  /** Where the next page starts (its `skip`); absent when the listing ended with this page. */
  readonly next?: number;
}

/**
 * A create or update that ended as awaiting: the server holds the operation (a request pending
 * approval) and the next run continues it. The engine writes no state for a create and keeps the
 * prior state for an update; the message says what is awaited and what to run.
 */
export class ResourceAwaitError extends Error {
  override name = "ResourceAwaitError";
}

/**
 * A creation the server accepted but that did not finish: the door records the resource with these
 * outputs (the engine's "initialisation failed"), so that the next run can finish or remove it,
 * instead of forgetting it.
 */
export class ResourceInitError extends Error {
  override name = "ResourceInitError";
  /** Reasons shown by the engine. */
  readonly reasons: string[];

  constructor(
    message: string,
    /** The resource id, recorded as the Pulumi id. */
    readonly id: string,
    /** The outputs to record. */
    readonly properties: PropertyMap,
  ) {
    super(message);
    this.reasons = [message];
  }
}
