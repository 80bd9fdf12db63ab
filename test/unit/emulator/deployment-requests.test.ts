import { submitCreate, submitDelete } from "../../../emulator/deployment/lifecycle";
import { requestStatus, requestView } from "../../../emulator/deployment/request-view";
import { DeploymentStore } from "../../../emulator/deployment/store";
import { PROJECTS, ProjectStore } from "../../../emulator/state/projects";

const admin = { username: "admin", admin: true };

describe("deployment requests", () => {
  let now = 1_700_000_000_000;
  beforeEach(() => {
    now = 1_700_000_000_000;
  });
  /** A store whose requests progress by the test's clock. */
  const newStore = () => new DeploymentStore(() => undefined, new ProjectStore(), { now: () => now });

  it("move from CREATED through INPROGRESS to SUCCESSFUL, and only then show the resource", () => {
    const store = newStore();
    const created = submitCreate(store, { name: "vm", type: "Cloud.vSphere.Machine" }, admin, 1000);
    const request = store.requests.get(created.requestId)!;
    expect(requestStatus(request, now)).toBe("CREATED");
    now += 500;
    store.settle();
    expect(requestStatus(request, now)).toBe("INPROGRESS");
    expect(store.resources.has(created.resourceId)).toBe(false);
    now += 500;
    store.settle();
    expect(requestStatus(request, now)).toBe("SUCCESSFUL");
    expect(store.resources.get(created.resourceId)).toMatchObject({
      name: "vm",
      projectId: PROJECTS[0].id,
      cloudType: "vsphere",
    });
    expect(requestView(request, now)).toMatchObject({
      completedTasks: 1,
      cancelable: false,
      completedAt: new Date(now).toISOString(),
    });
  });

  it("fail deterministically for fail- names and emulatorFail properties", () => {
    const store = newStore();
    const byName = submitCreate(store, { name: "fail-vm", type: "Cloud.AWS.EC2.Instance" }, admin, 0);
    const byProperty = submitCreate(
      store,
      { name: "vm", type: "t", properties: { emulatorFail: "quota exceeded" } },
      admin,
      0,
    );
    expect(requestView(store.requests.get(byName.requestId)!, now)).toMatchObject({
      status: "FAILED",
      details: expect.stringContaining("fail-"),
    });
    expect(requestView(store.requests.get(byProperty.requestId)!, now)).toMatchObject({
      status: "FAILED",
      details: "quota exceeded",
    });
    expect(store.resources.size).toBe(0);
  });

  it("take their duration from properties.emulatorDelayMs", () => {
    const store = newStore();
    const created = submitCreate(
      store,
      { name: "vm", type: "t", properties: { emulatorDelayMs: 5000 } },
      admin,
      10,
    );
    now += 4999;
    expect(requestStatus(store.requests.get(created.requestId)!, now)).toBe("INPROGRESS");
  });

  it("end ABORTED when cancelled before they finish, and cannot be cancelled after", () => {
    const store = newStore();
    const created = submitCreate(store, { name: "vm", type: "t" }, admin, 1000);
    const request = store.requests.get(created.requestId)!;
    now += 200;
    expect(store.abort(request)).toBe(true);
    now += 2000;
    store.settle();
    expect(requestStatus(request, now)).toBe("ABORTED");
    expect(store.resources.size).toBe(0);
    expect(store.abort(request)).toBe(false);
  });

  it("remove a resource when its delete request succeeds, refusing a second delete meanwhile", () => {
    const store = newStore();
    const created = submitCreate(store, { name: "vm", type: "t" }, admin, 0);
    const del = submitDelete(store, created.deploymentId, created.resourceId, admin, 100);
    expect(() => submitDelete(store, created.deploymentId, created.resourceId, admin, 100)).toThrow(
      /already has a request in progress/,
    );
    now += 100;
    store.settle();
    expect(requestStatus(del, now)).toBe("SUCCESSFUL");
    expect(store.resources.size).toBe(0);
  });

  it("reject unknown projects and deployments", () => {
    const store = newStore();
    expect(() => submitCreate(store, { name: "x", type: "t", projectId: "nope" }, admin, 0)).toThrow(
      /Project with id 'nope' does not exist/,
    );
    expect(() => submitCreate(store, { name: "x", type: "t", deploymentId: "nope" }, admin, 0)).toThrow(
      /Deployment with id 'nope'/,
    );
    expect(() => submitCreate(store, { type: "t" }, admin, 0)).toThrow("Field 'name' is required");
  });
});
