import * as typed from "../../../provider/dynamic/generated/typed-endpoints";
import { TYPED_ENDPOINTS } from "../../../provider/registry/typed-endpoints";
import { tileFor } from "../../../emulator/pipeline/tiles";

/*
 * The typed classes, the registry that code writing programs uses (aria-export), and the property
 * names the product publishes (the emulator's tiles, emulator/pipeline/tile-catalog.ts, list them with
 * their sources in emulator/README.md) must agree.
 */
describe("the typed endpoint registry", () => {
  const classNames = Object.keys(typed).filter((name) => name.endsWith("Endpoint"));

  it("lists every exported typed class, once, under its endpoint type", () => {
    const listed = [...TYPED_ENDPOINTS.values()].map((entry) => entry.className);
    expect(listed.sort()).toEqual(classNames.sort());
    for (const [type, entry] of TYPED_ENDPOINTS) expect(entry.type).toBe(type);
  });

  it("covers every published endpoint type, and no type whose keys are unpublished", () => {
    expect([...TYPED_ENDPOINTS.keys()].sort()).toEqual(
      ["agent", "docker", "dockerregistry", "email", "gerrit", "git", "jenkins", "jira", "k8s"].sort(),
    );
    for (const unpublished of ["bamboo", "tfs", "vro", "docker-registry"]) {
      expect(TYPED_ENDPOINTS.has(unpublished)).toBe(false);
    }
  });

  it.each([...TYPED_ENDPOINTS.values()].map((entry) => [entry.className, entry] as const))(
    "%s uses the product's property names and routes exactly its secrets",
    (_name, entry) => {
      const tile = tileFor(entry.type);
      expect(tile).toBeDefined();
      const declared = Object.keys(tile!.inputProperties);
      const secrets = declared.filter((key) => tile!.inputProperties[key].secret === true);
      expect([...entry.plain, ...entry.secret].sort()).toEqual([...declared].sort());
      expect([...entry.secret].sort()).toEqual(secrets.sort());
    },
  );
});
