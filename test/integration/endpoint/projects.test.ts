import { provider } from "../../../provider/dynamic/impl";

/** The provider process's endpoint kind, as the stub reaches it. */
const endpointProvider = provider("endpoint");
import { resetRuntimeContext } from "../../../provider/runtime/context";
import { USERS, useEmulator } from "../../support/emulator";
import { configureProvider } from "./helpers";

/*
 * Endpoints in projects a user brings: one seeded when the emulator starts, one made through the
 * IaaS projects API while the provider runs. The provider's check looks projects up with
 * `GET /iaas/api/projects`, so this also holds the emulator's answer to the provider's schema.
 */

const PROVIDER = { __provider: "serialised stub" };
const SEEDED = "Seeded Team";
const CREATED = "Created Later";

const emulator = useEmulator({
  seedResources: 0,
  projects: [{ name: SEEDED, description: "seeded at start" }],
});

beforeAll(async () => {
  await configureProvider(emulator.url);
});

afterAll(async () => {
  await resetRuntimeContext();
});

async function adminToken(): Promise<string> {
  const response = await fetch(`${emulator.url}/iaas/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ refreshToken: USERS.admin }),
  });
  return ((await response.json()) as { token: string }).token;
}

const jenkins = (project: string, description = "") => ({
  ...PROVIDER,
  name: "ci",
  type: "jenkins",
  project,
  description,
  properties: { url: emulator.url, username: "bot", pollInterval: 10 },
  secretProperties: { password: "s3cret" },
});

/** check → create → read (no drift) → update → delete, as the engine runs them. */
async function manage(project: string): Promise<string> {
  const checked = await endpointProvider.check({}, jenkins(project));
  expect(checked.failures ?? []).toEqual([]);
  const created = await endpointProvider.create({ ...checked.inputs, ...PROVIDER });
  expect(created.outs).toMatchObject({ project, metadata: { projectId: expect.any(String) } });
  const read = await endpointProvider.read!(created.id, { ...created.outs, ...PROVIDER });
  const drift = await endpointProvider.diff!(created.id, { ...read.props, ...PROVIDER }, checked.inputs);
  expect(drift.changes).toBe(false);
  const changed = jenkins(project, "updated");
  const rechecked = await endpointProvider.check(read.props, changed);
  expect(rechecked.failures ?? []).toEqual([]);
  const updated = await endpointProvider.update!(
    created.id,
    { ...read.props, ...PROVIDER },
    {
      ...rechecked.inputs,
      ...PROVIDER,
    },
  );
  expect(updated.outs).toMatchObject({ project, description: "updated" });
  return created.id;
}

describe("endpoints in projects the user brings", () => {
  it("manages an endpoint in a project seeded at start and in one made through POST /iaas/api/projects", async () => {
    const seededId = await manage(SEEDED);
    const client = emulator.client();
    try {
      // Made after the provider has read the project list: check looks the new name up once more.
      const made = await fetch(`${emulator.url}/iaas/api/projects`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${await adminToken()}` },
        body: JSON.stringify({ name: CREATED }),
      });
      expect(made.status).toBe(201);
      const projectId = ((await made.json()) as { id: string }).id;
      const createdId = await manage(CREATED);

      const onServer = await client.listAllEndpoints();
      expect(onServer.map((e) => [e.project, e._projectId, e.description]).sort()).toEqual(
        [
          [CREATED, projectId, "updated"],
          [SEEDED, expect.any(String), "updated"],
        ].sort(),
      );
      for (const id of [seededId, createdId]) await endpointProvider.delete!(id, {});
      expect(await client.listAllEndpoints()).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("fails check for a project the server does not have, listing the ones it has", async () => {
    const checked = await endpointProvider.check({}, jenkins("No Such Team"));
    expect(checked.failures).toEqual([
      {
        property: "project",
        reason: expect.stringContaining(
          `its projects: '${CREATED}', 'Default Project', 'Payments', 'Platform', '${SEEDED}'`,
        ),
      },
    ]);
  });
});
