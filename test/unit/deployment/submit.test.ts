import { createApiError } from "../../../provider/client/errors";
import type { ResourceCreateRequest } from "../../../provider/client";
import { createDeploymentResourceProvider } from "../../../provider/dynamic/providers";
import { CREATE_ATTEMPTS, RECOVERY_WINDOW_MS } from "../../../provider/deployment/submit";
import { FakeClock } from "../../support/clock";
import { FakeDeploymentApi } from "./fakes";

/*
 * A creation whose answer leaves it open whether the server acted: the resource that POST made is
 * found and followed, a POST that did nothing is sent again, a resource that was there before is
 * never taken, and one that a lost POST made late is deleted, so that exactly one resource is left.
 */

const inputs = {
  __provider: "serialised stub",
  name: "web-01",
  type: "Custom.Thing",
  properties: { size: "small" },
  waitTimeoutSeconds: 600,
};

const gatewayError = () =>
  createApiError({
    operation: "create resource",
    method: "POST",
    path: "/deployment/api/resources",
    status: 503,
  });
const lostAnswer = () =>
  createApiError({
    operation: "create resource",
    method: "POST",
    path: "/deployment/api/resources",
    cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
  });

function setup() {
  const clock = new FakeClock();
  const api = new FakeDeploymentApi(clock);
  const messages: string[] = [];
  const provider = createDeploymentResourceProvider(() => ({ api, clock, report: (m) => messages.push(m) }));
  const create = api.createResource.bind(api);
  /** The next POSTs: "lost" acts and loses the answer, "refused" answers 503 without acting. */
  const script: ("lost" | "refused")[] = [];
  jest.spyOn(api, "createResource").mockImplementation(async (body: ResourceCreateRequest) => {
    const next = script.shift();
    if (next === "refused") {
      api.calls.push(`POST /resources ${body.name}`);
      throw gatewayError();
    }
    const answer = await create(body);
    if (next === "lost") throw lostAnswer();
    return answer;
  });
  const posts = () => api.calls.filter((c) => c.startsWith("POST /resources")).length;
  const live = () => [...api.resources.values()].filter((r) => r.name === "web-01");
  return { clock, api, messages, provider, script, posts, live };
}

describe("a creation answered ambiguously", () => {
  it("follows the resource a POST made although its answer was lost, without sending it again", async () => {
    const { provider, script, posts, live, messages } = setup();
    script.push("lost");
    const created = await provider.create(inputs);
    expect(posts()).toBe(1);
    expect(live().map((r) => r.id)).toEqual([created.id]);
    expect(created.outs).toMatchObject({ requestStatus: "SUCCESSFUL", resourceId: created.id });
    expect(messages.some((m) => m.includes("it went through: following resource"))).toBe(true);
  });

  it("sends the creation again when the server did nothing, after looking for it", async () => {
    const { provider, script, posts, live, clock } = setup();
    script.push("refused", "refused");
    const created = await provider.create(inputs);
    expect(posts()).toBe(3);
    expect(live().map((r) => r.id)).toEqual([created.id]);
    // Each ambiguous answer was looked into for the whole window before the resend.
    expect(clock.t).toBeGreaterThanOrEqual(2 * RECOVERY_WINDOW_MS);
  });

  it("never takes a resource that matched before the creation was sent, and names it", async () => {
    const { provider, script, posts, live, messages } = setup();
    const before = await provider.create(inputs);
    script.push("refused");
    const created = await provider.create(inputs);
    expect(created.id).not.toBe(before.id);
    expect(posts()).toBe(3);
    expect(
      live()
        .map((r) => r.id)
        .sort(),
    ).toEqual([before.id, created.id].sort());
    expect(messages).toContainEqual(
      expect.stringContaining(
        `1 resource(s) with this name, type, project and properties already exist (${before.id})`,
      ),
    );
  });

  it("deletes the resource a lost POST made after the creation was sent again, leaving one", async () => {
    const { api, provider, script, posts, live, messages } = setup();
    // Slower than the recovery window: the lost POST's resource shows only after the resend.
    api.createScript = { durationMs: RECOVERY_WINDOW_MS * 2, outcome: "SUCCESSFUL" };
    script.push("lost");
    const created = await provider.create(inputs);
    expect(posts()).toBe(2);
    expect(live().map((r) => r.id)).toEqual([created.id]);
    expect(
      messages.some((m) => m.includes("was made by an earlier attempt whose answer was lost; deleting it")),
    ).toBe(true);
  });

  it(`gives up after ${CREATE_ATTEMPTS} ambiguous answers that made nothing, saying what to look for`, async () => {
    const { provider, script, posts, live } = setup();
    script.push(...Array<"refused">(CREATE_ATTEMPTS).fill("refused"));
    await expect(provider.create(inputs)).rejects.toThrow(
      /may have accepted the creation.*none of them made a resource within 20s/s,
    );
    expect(posts()).toBe(CREATE_ATTEMPTS);
    expect(live()).toEqual([]);
  });

  it("fails saying what to look for when the resources cannot be listed first", async () => {
    const { api, provider, script, posts } = setup();
    jest.spyOn(api, "listAllResources").mockRejectedValue(
      createApiError({
        operation: "list resources",
        method: "GET",
        path: "/deployment/api/resources",
        status: 403,
      }),
    );
    script.push("refused");
    await expect(provider.create(inputs)).rejects.toThrow(/look for a resource named 'web-01'/);
    expect(posts()).toBe(1);
  });
});

describe("adopt", () => {
  it("takes over the one resource that matches, sending nothing", async () => {
    const { api, clock, provider, posts, live, messages } = setup();
    // What a run killed while creating it leaves: the resource, made after the engine forgot it.
    const orphan = await api.createResource({
      name: "web-01",
      type: "Custom.Thing",
      properties: { size: "small" },
    });
    clock.t += api.createScript.durationMs;
    const adopted = await provider.create({ ...inputs, adopt: true });
    expect(adopted.id).toBe(orphan.resourceId);
    expect(posts()).toBe(1); // the orphan's own creation only
    expect(live().map((r) => r.id)).toEqual([orphan.resourceId]);
    expect(adopted.outs).toMatchObject({
      resourceId: orphan.resourceId,
      requestStatus: "SUCCESSFUL",
      adopt: true,
    });
    expect(messages).toContainEqual(
      expect.stringContaining(`adopting the existing resource ${orphan.resourceId}`),
    );
  });

  it("creates the resource when none matches", async () => {
    const { provider, posts, live } = setup();
    const created = await provider.create({ ...inputs, adopt: true });
    expect(posts()).toBe(1);
    expect(live().map((r) => r.id)).toEqual([created.id]);
  });

  it("fails naming them when several match, and creates nothing", async () => {
    const { provider, posts } = setup();
    const first = await provider.create(inputs);
    const second = await provider.create(inputs);
    await expect(provider.create({ ...inputs, adopt: true })).rejects.toThrow(
      new RegExp(`2 match the name, type, project and properties \\(${first.id}, ${second.id}\\)`),
    );
    expect(posts()).toBe(2);
  });

  it("is no change in a diff, either way", async () => {
    const { provider } = setup();
    const created = await provider.create(inputs);
    const diff = await provider.diff!(
      created.id,
      { ...created.outs, __provider: "x" },
      { ...inputs, adopt: true },
    );
    expect(diff.changes).toBe(false);
  });
});
