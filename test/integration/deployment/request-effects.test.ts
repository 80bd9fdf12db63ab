import { AriaClient } from "../../../provider/client";
import { unlessNotFound } from "../../../provider/client/errors";
import { provider } from "../../../provider/dynamic/impl";

/** The provider process's deployment-resource kind, as the stub reaches it. */
const deploymentResourceProvider = provider("deploymentResource");
import { resetRuntimeContext, setProviderConfig } from "../../../provider/runtime/context";
import { adminSettings, clientFor, startServer, TestServer } from "../client/harness";

/*
 * A deployment request reads SUCCESSFUL only once its effects are applied: the resource a create
 * request makes exists, the resource a delete request removes is gone. The product applies them
 * before it reports the outcome, and a command (`pulumi up`, `pulumi destroy`) ends on that report.
 *
 * No timing: the wall clock is replaced by one that moves on by exactly one millisecond each time
 * anything reads it, so time passes between any two reads, e.g. between the emulator settling its
 * due requests and describing a request in the same answer. The sequence create → read → delete →
 * read runs once for each request duration from 0 to 40 such steps, so that a request comes due at
 * every point of the emulator's handling of a poll; the outcome is the same on every run.
 */

const PROVIDER = { __provider: "serialised stub" };
const PLATFORM = "7c9d2b4e-1a3f-4e6b-8c5d-2f4a6b8c0d02";
const DURATIONS = Array.from({ length: 41 }, (_, i) => i);

let server: TestServer;
let client: AriaClient;
let clock: jest.SpyInstance;
let stderr: jest.SpyInstance;

beforeAll(async () => {
  server = await startServer({ seedResources: 0 });
  client = clientFor(adminSettings(server));
  const settings: Record<string, string> = { url: server.url, refreshToken: "admin-refresh-token" };
  await resetRuntimeContext();
  setProviderConfig((key) => settings[key]);
  let now = Date.now();
  clock = jest.spyOn(Date, "now").mockImplementation(() => now++);
  stderr = jest.spyOn(console, "error").mockImplementation(() => undefined);
});

afterAll(async () => {
  clock?.mockRestore();
  stderr?.mockRestore();
  await resetRuntimeContext();
  await client?.close();
  await server?.close();
});

/** The resource with its current request, or undefined once the server answers 404. */
function current(id: string) {
  return unlessNotFound(() => client.getResource(id, ["currentRequest"]));
}

describe("a deployment request's outcome and its effects", () => {
  it.each(DURATIONS)(
    "are seen together when the request takes %i clock steps: created, then deleted",
    async (steps) => {
      const news = {
        ...PROVIDER,
        name: `race-${steps}`,
        type: "Custom.Thing",
        projectId: PLATFORM,
        properties: { emulatorDelayMs: steps },
        pollIntervalMaxSeconds: 0.01,
      };
      const checked = await deploymentResourceProvider.check({}, news);
      expect(checked.failures ?? []).toEqual([]);
      const created = await deploymentResourceProvider.create({ ...checked.inputs, ...PROVIDER });
      const outs = created.outs as Record<string, unknown>;
      expect(outs.requestStatus).toBe("SUCCESSFUL");

      // Right after the create returned, the resource is there, its request SUCCESSFUL.
      const after = await current(created.id);
      expect(after?.id).toBe(created.id);
      expect(after?.currentRequest?.status).toBe("SUCCESSFUL");

      // While the delete runs, no answer shows the resource with its delete request SUCCESSFUL.
      const deletion = await client.deleteResource(outs.deploymentId as string, created.id);
      for (let polls = 0; ; polls++) {
        expect(polls).toBeLessThan(1_000);
        const seen = await current(created.id);
        if (seen === undefined) break;
        expect(seen.currentRequest?.id).toBe(deletion.id);
        expect(seen.currentRequest?.status).not.toBe("SUCCESSFUL");
        const request = await client.getRequest(deletion.id);
        // A delete request read SUCCESSFUL means the very next read finds nothing.
        if (request.status === "SUCCESSFUL") expect(await current(created.id)).toBeUndefined();
      }
      expect((await client.getRequest(deletion.id)).status).toBe("SUCCESSFUL");
    },
  );

  it.each(DURATIONS)(
    "hold through the provider's own delete when the request takes %i clock steps",
    async (steps) => {
      const news = {
        ...PROVIDER,
        name: `destroy-${steps}`,
        type: "Custom.Thing",
        projectId: PLATFORM,
        properties: { emulatorDelayMs: steps },
        pollIntervalMaxSeconds: 0.01,
      };
      const checked = await deploymentResourceProvider.check({}, news);
      const created = await deploymentResourceProvider.create({ ...checked.inputs, ...PROVIDER });
      expect((await current(created.id))?.id).toBe(created.id);
      await deploymentResourceProvider.delete(created.id, { ...created.outs, ...PROVIDER });
      expect(await current(created.id)).toBeUndefined();
    },
  );
});
