import { provider } from "../../../provider/dynamic/impl";

/** The provider process's endpoint kind, as the stub reaches it. */
const endpointProvider = provider("endpoint");
import { resetRuntimeContext } from "../../../provider/runtime/context";
import { Emulator, useEmulator } from "../../support/emulator";
import { configureProvider } from "./helpers";

/*
 * Endpoint create through the provider against the emulator's fault rules: whatever the server
 * answers, exactly one endpoint exists afterwards and the create reports it.
 */

const SECRET = "faults-s3cret-password";
const emulator = useEmulator({ seedResources: 0 });

afterAll(async () => {
  await resetRuntimeContext();
});

beforeEach(async () => {
  await emulator.reset();
  await configureProvider(emulator.url);
});

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
});
