import { deepEqual } from "../core/json";
import { containsUnknown, isUnknown } from "../common/unknowns";
import { detailedChanges, type DetailedDiff } from "../common/detailed-diff";

/*
 * What a change of inputs does to an endpoint. A pure function of the old state and the new
 * inputs: only the endpoint's fields are looked at (a door's hidden inputs never reach a kind, and a
 * new release of the package must not show up as a change), not `validate` and `adopt`, which steer the provider and are not stored
 * by the server.
 */

/** How a change of one field is carried out. */
interface FieldRule {
  /** The field cannot be changed in place: the endpoint is replaced. */
  readonly replaces: boolean;
  /** Leaving the field out means "whatever the server has" (like Terraform's optional+computed). */
  readonly serverDefault: boolean;
  /** The value an omitted field stands for, when it is not server-defaulted. */
  readonly absent?: unknown;
  /** A bag of properties: the detailed diff names its keys (`properties.url`), not the bag. */
  readonly bag?: boolean;
}

/** The fields that make up the endpoint on the server, in the order changes are reported. */
const FIELDS: Readonly<Record<string, FieldRule>> = {
  name: { replaces: false, serverDefault: false },
  type: { replaces: true, serverDefault: false },
  project: { replaces: true, serverDefault: true },
  description: { replaces: false, serverDefault: false, absent: "" },
  isRestricted: { replaces: false, serverDefault: false, absent: false },
  cloudProxyId: { replaces: false, serverDefault: true },
  properties: { replaces: false, serverDefault: false, absent: {}, bag: true },
  secretProperties: { replaces: false, serverDefault: false, absent: {}, bag: true },
};

/** The names of the fields {@link diffEndpoint} compares. */
export const DIFFED_FIELDS = Object.keys(FIELDS);

/** The fields whose change replaces the endpoint (`type`, `project`): the schema's `replaceOnChanges`. */
export const REPLACING_FIELDS = DIFFED_FIELDS.filter((field) => FIELDS[field].replaces);

/** The effect of new inputs on an existing endpoint. */
export interface EndpointDiff {
  /** True when anything must change. */
  readonly changes: boolean;
  /** The fields that differ, in a stable order. */
  readonly changedFields: string[];
  /** The changed fields that force a replacement (`type`, `project`). */
  readonly replaces: string[];
  /**
   * Each change by its path: a field (`description`, `project`), or a key of a bag
   * (`properties.url`, `secretProperties.password`, `properties["api-key"]`), with how it changes
   * (`update-replace` and the like for `type` and `project`). Paths only, never values.
   */
  readonly detailedDiff: DetailedDiff;
  /**
   * True when a replacement would create the new endpoint with the same (project, name) as the old
   * one: the server refuses duplicates, so the old one must be deleted first.
   */
  readonly deleteBeforeReplace: boolean;
}

/**
 * Compares an endpoint's old state (outputs or old inputs) with its new inputs. Unknown new values
 * count as changes; an unknown `type` or `project` counts as a replacement.
 */
export function diffEndpoint(olds: Record<string, unknown>, news: Record<string, unknown>): EndpointDiff {
  const changedFields: string[] = [];
  const replaces: string[] = [];
  const detailedDiff: DetailedDiff = {};
  for (const [field, rule] of Object.entries(FIELDS)) {
    if (!fieldChanged(olds[field], news[field], rule)) continue;
    changedFields.push(field);
    if (rule.replaces) replaces.push(field);
    Object.assign(detailedDiff, fieldChanges(field, olds[field], news[field], rule));
  }
  return {
    changes: changedFields.length > 0,
    changedFields,
    replaces,
    detailedDiff,
    deleteBeforeReplace:
      replaces.length > 0 &&
      !definitelyDiffers(olds.name, news.name) &&
      !projectDefinitelyDiffers(olds, news),
  };
}

function fieldChanged(old: unknown, value: unknown, rule: FieldRule): boolean {
  if (isUnknown(value)) return true;
  if (value === undefined || value === null) {
    if (rule.serverDefault) return false;
    value = rule.absent;
  }
  if (old === undefined || old === null) old = rule.absent;
  if (containsUnknown(value)) return true;
  return !deepEqual(old, value);
}

/**
 * How a changed field changes, by path: a bag key by key (an omitted bag is an empty one), any other
 * field whole. A change the paths cannot show (a bag that is unknown as a whole) is the field's.
 */
function fieldChanges(field: string, old: unknown, value: unknown, rule: FieldRule): DetailedDiff {
  const absent = (v: unknown) => v === undefined || v === null;
  const options = { replaces: rule.replaces, depth: rule.bag ? 1 : 0 };
  const before = rule.bag && absent(old) ? rule.absent : old;
  const after = rule.bag && absent(value) ? rule.absent : value;
  const changes = detailedChanges([field], before, after, options);
  if (Object.keys(changes).length > 0) return changes;
  return { [field]: rule.replaces ? "update-replace" : "update" };
}

function definitelyDiffers(old: unknown, value: unknown): boolean {
  return !isUnknown(value) && !deepEqual(old, value);
}

function projectDefinitelyDiffers(olds: Record<string, unknown>, news: Record<string, unknown>): boolean {
  // An omitted project keeps the server's: no move, so the name would collide.
  if (news.project === undefined || news.project === null) return false;
  return definitelyDiffers(olds.project, news.project);
}
