import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { checkedInputs, MOVED_SECRETS_KEY, withMovedSecrets } from "../../../provider/core/checked-inputs";
import {
  BOOKKEEPING_INPUTS,
  kindInputs,
  OWNER_KEY,
  PROVIDER_KEY,
} from "../../../provider/core/hidden-inputs";
import { ownerOf } from "../../../provider/dynamic/owner";

const root = path.resolve(__dirname, "../../..");

describe("the doors' hidden inputs", () => {
  it("keep the keys stacks of earlier releases hold", () => {
    expect([PROVIDER_KEY, OWNER_KEY, MOVED_SECRETS_KEY]).toEqual(["__provider", "__owner", "movedSecrets"]);
    expect(BOOKKEEPING_INPUTS).toEqual(["__provider", "__owner"]);
  });

  it("are taken out of what a kind sees, and the owner read apart", () => {
    const engine = { __provider: "p", __owner: "urn:a", movedSecrets: ["pw"], name: "ci", n: null };
    expect(kindInputs(engine)).toEqual({ name: "ci", n: null });
    expect(kindInputs(undefined)).toEqual({});
    expect(ownerOf(engine)).toBe("urn:a");
    expect(ownerOf({ __owner: "" })).toBeUndefined();
    expect(ownerOf({ __owner: 3 })).toBeUndefined();
  });

  it("note the moved secrets beside checked inputs only when some moved", () => {
    expect(withMovedSecrets({ name: "ci" }, ["pw"])).toEqual({ name: "ci", movedSecrets: ["pw"] });
    expect(withMovedSecrets({ name: "ci" }, [])).toEqual({ name: "ci" });
    expect(withMovedSecrets({ name: "ci" }, undefined)).toEqual({ name: "ci" });
  });

  it("are read back for an analyzer as the core's checked inputs, the note apart", () => {
    expect(checkedInputs({ __provider: "p", name: "ci", movedSecrets: ["pw", 3] })).toEqual({
      inputs: { __provider: "p", name: "ci" },
      moved: ["pw"],
    });
    expect(checkedInputs({ name: "ci" })).toEqual({ inputs: { name: "ci" }, moved: [] });
    expect(checkedInputs(undefined)).toEqual({ inputs: {}, moved: [] });
  });
});

describe("the lint that keeps them in the door", () => {
  jest.setTimeout(60_000);
  /** The lines of `code` the project's lint refuses by the rule, were it the file `file`. */
  const lint = async (file: string, code: string, rule = "no-restricted-syntax") => {
    const eslint = path.join(root, "node_modules/eslint/bin/eslint.js");
    const run = spawnSync(
      process.execPath,
      [eslint, "--stdin", "--stdin-filename", file, "--format", "json"],
      {
        cwd: root,
        input: code,
        encoding: "utf8",
      },
    );
    const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null; line: number }[] }[];
    return result.messages.filter((m) => m.ruleId === rule).map((m) => m.line);
  };
  const code = [
    "export const a = { __owner: 1 };",
    "export const b = (x: Record<string, unknown>) => x.__provider;",
    'export const c = (x: Record<string, unknown>) => x["movedSecrets"];',
    "export const d = `${1}__provider`;",
    "export const e = 1;",
  ].join("\n");

  it("refuses their keys anywhere in provider/ outside the core module that spells each, the doors too", async () => {
    expect(await lint("provider/endpoint/probe.ts", code)).toEqual([1, 2, 3, 4]);
    expect(await lint("provider/plugin/probe.ts", code)).toEqual([1, 2, 3, 4]);
    expect(await lint("provider/dynamic/probe.ts", code)).toEqual([1, 2, 3, 4]);
  });

  it("lets each key's one module spell it, and only its own", async () => {
    expect(await lint("provider/core/hidden-inputs.ts", code)).toEqual([3]);
    expect(await lint("provider/core/checked-inputs.ts", code)).toEqual([1, 2, 4]);
  });

  const imports = [
    'import { OWNER_KEY, kindInputs } from "../core/hidden-inputs";',
    'import { MOVED_SECRETS_KEY } from "../core/checked-inputs";',
    'import { checkedInputs } from "../core/checked-inputs";',
    "export const all = [OWNER_KEY, kindInputs, MOVED_SECRETS_KEY, checkedInputs];",
  ].join("\n");

  it("refuses their constants outside the dynamic door, not what is read back", async () => {
    expect(await lint("provider/plugin/probe.ts", imports, "no-restricted-imports")).toEqual([1, 2]);
    expect(await lint("provider/reconcile/probe.ts", imports, "no-restricted-imports")).toEqual([1, 2]);
    // The dynamic door names its own keys; the note's key only the core module that takes it out.
    expect(await lint("provider/dynamic/probe.ts", imports, "no-restricted-imports")).toEqual([2]);
    expect(await lint("provider/core/hidden-inputs.ts", imports, "no-restricted-imports")).toEqual([]);
  });

  it("keeps provider/policy/ off both doors: it reads through the core", async () => {
    const policy = [
      'import { ownerOf } from "../dynamic/owner";',
      'import { checkedInputs } from "../core/checked-inputs";',
      'import { struct } from "../plugin/wire";',
      'import { OWNER_KEY } from "../../core/hidden-inputs";',
      'import { MOVED_SECRETS_KEY } from "../core/checked-inputs";',
      'import { kindInputs } from "../core/hidden-inputs";',
      "export const all = [ownerOf, checkedInputs, struct, OWNER_KEY, MOVED_SECRETS_KEY, kindInputs];",
    ].join("\n");
    // Lines 1 and 3 are a door's modules, 4 and 5 a key; what the core reads back is anyone's.
    expect(await lint("provider/policy/probe.ts", policy, "no-restricted-imports")).toEqual([1, 3, 4, 5]);
    expect(await lint("provider/policy/rules/probe.ts", policy, "no-restricted-imports")).toEqual([
      1, 3, 4, 5,
    ]);
    // The same lines elsewhere: only the keys are refused.
    expect(await lint("provider/reconcile/probe.ts", policy, "no-restricted-imports")).toEqual([4, 5]);
  });
});
