/**
 * `diff` of a {@link DeploymentResource}, as a pure function of the old state (outputs) and the new
 * inputs. The API has no update, so a change of any API input is a replacement, reported per key;
 * the wait settings only steer the provider and change in place without calling the API.
 */
import type { DiffResult } from "../core/kind";
import { containsUnknown, UNKNOWN } from "../common/unknowns";
import { declaredInputs } from "../common/engine-inputs";
import { REPLACE_KEYS, SETTING_KEYS } from "./schema";
import { isIncomplete, parseState } from "./state";
import { deepEqual, pick } from "../core/json";
import { changeOf, detailedChanges, type DetailedDiff } from "../common/detailed-diff";

/** How deep the detailed diff goes into `properties` (objects within objects; arrays are whole). */
const PROPERTY_DEPTH = 8;

/**
 * The replacement keys and in-place keys between the old state and new inputs.
 *
 * - `name`, `type`: compared as given.
 * - `projectId`, `deploymentId`: unset means "whatever the server chose", so only a set value that
 *   differs from the state is a change.
 * - `properties`: the new properties are compared with the state's properties restricted to the keys
 *   the program had set (`inputPropertyKeys`), so properties the server adds are no change, and a
 *   property removed from the program is one.
 * - A resource whose creation did not finish (see `requestStatus`) is replaced, deleting it first.
 *   `requestStatus` is an output: it names the replacement in `replaces`, and is in neither `diffs`
 *   nor the detailed diff, which compare inputs.
 *
 * The detailed diff names each change by its path: a key (`projectId`, `waitTimeoutSeconds`), or a
 * property at any depth of objects (`properties.password`, `properties.credentials.apiToken`; arrays
 * whole), every change of an API input a `-replace` one.
 */
export function diffDeploymentResource(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): DiffResult {
  const state = parseState(declaredInputs(olds));
  const inputs = declaredInputs(news);
  const replaces: string[] = [];
  const detailedDiff: DetailedDiff = {};
  const replaced = (key: string, change: DetailedDiff) => {
    replaces.push(key);
    Object.assign(detailedDiff, Object.keys(change).length > 0 ? change : { [key]: "update-replace" });
  };
  for (const key of REPLACE_KEYS) {
    const next = inputs[key];
    const whole = () => ({ [key]: changeOf(state[key], next, true) ?? "update-replace" });
    if (next === UNKNOWN) {
      replaced(key, whole());
      continue;
    }
    switch (key) {
      case "name":
      case "type":
        if (!sameValue(state[key], next)) replaced(key, whole());
        break;
      case "projectId":
      case "deploymentId":
        if (next !== undefined && !sameValue(state[key], next)) replaced(key, whole());
        break;
      case "properties": {
        const nextProps = (next ?? {}) as Record<string, unknown>;
        const declared = state.inputPropertyKeys ?? Object.keys(nextProps);
        const before = pick(state.properties, declared);
        if (!sameValue(before, nextProps)) {
          replaced(key, detailedChanges([key], before, nextProps, { replaces: true, depth: PROPERTY_DEPTH }));
        }
        break;
      }
    }
  }
  const diffs = [...replaces];
  const incomplete = isIncomplete(state);
  if (incomplete) replaces.push("requestStatus");
  const updates = SETTING_KEYS.filter((key) => !sameValue(state[key], inputs[key]));
  for (const key of updates) {
    diffs.push(key);
    detailedDiff[key] = changeOf(state[key], inputs[key], false) ?? "update";
  }
  return {
    changes: replaces.length > 0 || updates.length > 0,
    replaces,
    deleteBeforeReplace: incomplete,
    diffs,
    detailedDiff,
  };
}

/** True when two JSON-like values are equal, ignoring key order; an unknown value is never equal. */
function sameValue(a: unknown, b: unknown): boolean {
  return !containsUnknown(a) && !containsUnknown(b) && deepEqual(a, b);
}
