import { BUSY_SERVER_FAULTS, type FaultRule } from "../../emulator";
import type { AriaClient } from "../../provider/client";
import { E2EStack, OpResult, USERS } from "../e2e/harness";

/*
 * What the fault tier's tests share: the mix of faults, and the checks of a fleet of
 * endpoints (named `fleet-*`) and deployment resources (`fleet-res-*`) after each run: the server
 * equals the state, nothing twice, nothing secret printed. lifecycle.test.ts runs the fleet as
 * dynamic resources, plugin.test.ts as a Pulumi YAML program on the provider plugin.
 */

/** The mix of faults: the emulator's busy server (503s, 429s, lost answers of writes). */
export const FAULT_MIX: { rules: FaultRule[] } = { rules: [...BUSY_SERVER_FAULTS] };

/** Names that occur more than once. */
export function duplicates(names: string[]): string[] {
  const seen = new Map<string, number>();
  for (const name of names) seen.set(name, (seen.get(name) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([name]) => name);
}

/** Asserts that nothing the operation printed holds `secret`, the admin's token or any JWT. */
export function expectNoSecret(result: OpResult, secret: string): void {
  const printed = `${result.stdout}\n${result.stderr ?? ""}\n${result.error ?? ""}`;
  expect(printed).not.toContain(secret);
  expect(printed).not.toContain(USERS.admin);
  expect(printed).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/); // no JWT
}

/** A fleet on a stack whose emulator misbehaves, read through a client of the same emulator. */
export class Fleet {
  constructor(
    private readonly stack: E2EStack,
    private readonly client: AriaClient,
  ) {}

  /** Turns the faults on (the mix) or off (no rules). */
  async setFaults(body: { rules: FaultRule[] }): Promise<void> {
    await this.stack.ops.setFaults(body.rules);
  }

  /** The server's fleet endpoints and resources, read with faults off. */
  async onServer() {
    await this.setFaults({ rules: [] });
    try {
      const endpoints = (await this.client.listAllEndpoints()).filter((e) => e.name.startsWith("fleet-"));
      const resources = (await this.client.listAllResources()).filter((r) => r.name.startsWith("fleet-res-"));
      return { endpoints, resources };
    } finally {
      await this.setFaults(FAULT_MIX);
    }
  }

  /** The ids the state holds for the fleet's endpoints (of any endpoint type) and resources. */
  async stateIds(): Promise<{ endpoints: string[]; resources: string[] }> {
    const deployment = (await this.stack.exportStack()) as {
      deployment: { resources?: Array<{ type: string; id?: string; urn: string }> };
    };
    const resources = deployment.deployment.resources ?? [];
    return {
      endpoints: resources.filter((r) => /aria(:index)?:\w*Endpoint$/.test(r.type)).map((r) => r.id!),
      resources: resources.filter((r) => /aria(:index)?:DeploymentResource$/.test(r.type)).map((r) => r.id!),
    };
  }

  /** The server holds exactly what the state does, each name once. */
  async expectServerEqualsState(): Promise<void> {
    const server = await this.onServer();
    const state = await this.stateIds();
    expect(duplicates(server.endpoints.map((e) => e.name))).toEqual([]);
    expect(duplicates(server.resources.map((r) => r.name))).toEqual([]);
    expect(server.endpoints.map((e) => e.id).sort()).toEqual([...state.endpoints].sort());
    expect(server.resources.map((r) => r.id).sort()).toEqual([...state.resources].sort());
  }

  /** The requests the faults answered in place of the server, from the emulator's log. */
  async faultCounts(): Promise<Record<string, number>> {
    const log = await this.stack.requests();
    const counts: Record<string, number> = {};
    for (const entry of log.entries) {
      if (entry.status === 429 || entry.status === 503)
        counts[entry.status] = (counts[entry.status] ?? 0) + 1;
    }
    return counts;
  }
}
