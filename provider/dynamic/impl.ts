import type * as pulumi from "@pulumi/pulumi";
import { setProviderConfig } from "../runtime/context";
import type { SettingKey } from "../runtime/settings";
import type { ResourceKind } from "../core/kind";
import { RESOURCE_KINDS } from "../registry/kinds";
import { KIND_CODES, ProviderKind } from "./stub";
import { dynamicDoor, type DynamicProvider } from "./door";
import { exitWithEngine } from "../runtime/engine-watch";

/*
 * The implementation behind the serialised stub (see ./stub.ts), loaded in the provider process as
 * `require("pulumi-aria/dynamic-impl")`. The kinds are the registry's (../registry/kinds.ts), which
 * loads each on first use, so that a process that only manages endpoints never loads the deployment
 * code.
 */

// A provider process whose engine was killed exits instead of staying on, orphaned (../runtime/engine-watch.ts).
exitWithEngine();

/** Receives the stack configuration once per provider process (and once per stub kind). */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  setProviderConfig((key: SettingKey) => req.config.get(`vra:${key}`));
}

/** The provider core's kind of the process, for one kind of resource. */
function coreKind(kind: ProviderKind): ResourceKind {
  const declaration = RESOURCE_KINDS[kind];
  if (!declaration)
    throw new Error(`pulumi-aria: unknown resource kind '${String(kind)}' in serialised provider`);
  return declaration.process();
}

const doors = new Map<ProviderKind, DynamicProvider>();

/** The full provider for one kind of resource: the core's kind through the dynamic door. */
export function provider(kind: ProviderKind): DynamicProvider {
  let door = doors.get(kind);
  if (!door) {
    door = dynamicDoor(coreKind(kind));
    doors.set(kind, door);
  }
  return door;
}

const METHODS = new Set(["check", "diff", "create", "read", "update", "delete"]);

/** The single entry point of the serialised stub: `configure` or one lifecycle method of a kind. */
export function call(code: string, method: string, args: unknown[]): Promise<unknown> {
  if (method === "configure") return configure(args[0] as pulumi.dynamic.ConfigureRequest);
  if (!METHODS.has(method)) throw new Error(`pulumi-aria: unknown provider method '${method}'`);
  const kind = (Object.keys(KIND_CODES) as ProviderKind[]).find((k) => KIND_CODES[k] === code);
  if (!kind)
    throw new Error(
      `pulumi-aria: unknown resource kind '${code}' in serialised provider; upgrade pulumi-aria`,
    );
  const impl = provider(kind) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  return impl[method](...args);
}
