import { provider } from "../../../provider/dynamic/impl";

/** The provider process's endpoint kind, as the stub reaches it. */
const endpointProvider = provider("endpoint");
import type { Emulator } from "../../support/emulator";
import { useProviderEmulator } from "./helpers";

/*
 * Endpoint create through the provider against the emulator's fault rules: whatever the server
 * answers, exactly one endpoint exists afterwards and the create reports it.
 */

const SECRET = "faults-s3cret-password";
const emulator = useProviderEmulator();

const jenkins = () => ({
  __provider: "serialised stub",
  name: "ci",
  type: "jenkins",
  project: "Platform",
  description: "",
  isRestricted: false,
  properties: { url: `${emulator.url}/jenkins`, username: "ci" },
  secretProperties: { password: SECRET },
  validate: false,
});

async function createUnder(rule: Parameters<Emulator["faults"]>[0][number]) {
  await emulator.faults([{ method: "POST", path: "^/pipeline/api/endpoints$", count: 1, ...rule }]);
  const created = await endpointProvider.create!(jenkins());
  const log = await emulator.requests();
  return {
    created,
    posts: log.counts["POST /pipeline/api/endpoints"] ?? 0,
    count: await emulator.endpointCount(),
  };
}

describe("endpoint create under faults", () => {
  it("sends the create again after a 429, which says the server did nothing", async () => {
    const r = await createUnder({ kind: "status", status: 429, retryAfterSeconds: 1 });
    expect(r.posts).toBe(2);
    expect(r.count).toBe(1);
  });

  it("takes the endpoint a create whose answer was lost created, without a second POST", async () => {
    const r = await createUnder({ kind: "cut" });
    expect(r.posts).toBe(1);
    expect(r.count).toBe(1);
    expect(r.created.id).toMatch(/[0-9a-f-]{36}/);
  });

  it("looks up after a 503, finds nothing, and sends the create again", async () => {
    const r = await createUnder({ kind: "status", status: 503 });
    expect(r.posts).toBe(2);
    expect(r.count).toBe(1);
  });

  it("recovers from four 503s in a row, which used to fail the create (the bench's many-0088)", async () => {
    // Each 503 is followed by a lookup that finds nothing; four in a row happen to one create in
    // ~600 under the busy server's 10% 503s and 10% lost answers.
    await emulator.faults([
      { method: "POST", path: "^/pipeline/api/endpoints$", kind: "status", status: 503, count: 4 },
    ]);
    const created = await endpointProvider.create!(jenkins());
    const log = await emulator.requests();
    expect(log.counts["POST /pipeline/api/endpoints"]).toBe(5);
    expect(await emulator.endpointCount()).toBe(1);
    expect(created.id).toMatch(/[0-9a-f-]{36}/);
  });
});

describe("one owner per endpoint", () => {
  const A = "urn:pulumi:dev::team-a::pulumi-nodejs:dynamic/aria:Endpoint::shared";
  const B = "urn:pulumi:dev::team-b::pulumi-nodejs:dynamic/aria:Endpoint::shared";

  it("takes over what its own lost POST made, and refuses the identical endpoint another stack made", async () => {
    // Team A's POST is carried out but its answer lost: A's create finds its own mark and takes it.
    await emulator.faults([{ method: "POST", path: "^/pipeline/api/endpoints$", kind: "cut", count: 1 }]);
    const a = await endpointProvider.create!({ ...jenkins(), __owner: A });
    expect(await emulator.endpointCount()).toBe(1);
    // Team B declares the identical endpoint: refused, the endpoint named with its id and project.
    const refused = await endpointProvider.create!({ ...jenkins(), __owner: B }).catch((e: Error) => e);
    expect((refused as Error).message).toContain(
      `Cannot create endpoint 'ci' in project 'Platform': an endpoint with that name already exists in the project (id ${a.id}`,
    );
    expect((refused as Error).message).toContain(`created by Pulumi for another resource, ${A}`);
    expect((refused as Error).message).not.toContain(SECRET);
    // Team A's killed run, run again: its own endpoint, taken over.
    const again = await endpointProvider.create!({ ...jenkins(), __owner: A });
    expect(again.id).toBe(a.id);
    expect(again.outs.description).toBe("");
    expect(await emulator.endpointCount()).toBe(1);
  });
});
