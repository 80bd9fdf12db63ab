/**
 * Inputs as a door hands them to the kind (its own hidden inputs taken out), and during preview
 * with unknown values (outputs of resources not created yet) standing in for any type. `check` is
 * here, as a pure function.
 */
import { UNKNOWN } from "../common/unknowns";
import { DeploymentResourceInputs } from "./schema";
import { CheckFailure, failuresText, zodFailures } from "../common/check-failures";
import { declaredInputs } from "../common/engine-inputs";

type InputKey = keyof typeof DeploymentResourceInputs.shape;

/** What `check` answers: the inputs to use and the problems found (empty when valid). */
export interface CheckOutcome {
  readonly inputs: Record<string, unknown>;
  readonly failures: CheckFailure[];
}

/**
 * Validates new inputs against the schema. Top-level unknowns are accepted for any key (their
 * type is checked once known); unknowns nested in `properties` are accepted as any property value.
 * The inputs are returned unchanged (no defaults are filled in, so that a later change of a default
 * shows no diff).
 */
export function checkInputs(news: Record<string, unknown>): CheckOutcome {
  const inputs = declaredInputs(news);
  const shape = DeploymentResourceInputs.shape;
  const unknownKeys = Object.keys(inputs).filter(
    (key) => inputs[key] === UNKNOWN && key in shape,
  ) as InputKey[];
  const known = Object.fromEntries(
    Object.entries(inputs).filter(([key]) => !unknownKeys.includes(key as InputKey)),
  );
  const mask: Partial<Record<InputKey, true>> = Object.fromEntries(unknownKeys.map((key) => [key, true]));
  const schema = unknownKeys.length === 0 ? DeploymentResourceInputs : DeploymentResourceInputs.partial(mask);
  const result = schema.safeParse(known);
  return { inputs, failures: result.success ? [] : zodFailures(result.error) };
}

/**
 * Parses inputs that passed `check` (create, update): now fully known. Throws with every problem if
 * they are not valid, which cannot happen through the engine but keeps a direct caller honest.
 */
export function parseInputs(news: Record<string, unknown>): DeploymentResourceInputs {
  const result = DeploymentResourceInputs.safeParse(declaredInputs(news));
  if (result.success) return result.data;
  throw new Error(
    `pulumi-aria: invalid DeploymentResource inputs: ${failuresText(zodFailures(result.error), "inputs")}`,
  );
}
