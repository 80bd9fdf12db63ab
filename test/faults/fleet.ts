import * as fs from "node:fs";
import * as path from "node:path";
import { BUSY_SERVER_FAULTS } from "../../emulator";
import { AriaClient, createClient, resolveClientConfig } from "../../provider/client";
import { USERS } from "../support/emulator";
import { changes, E2EStack, expectOk, openStack, OpenStackOptions, OpResult } from "../support/program-stack";

/*
 * What the fault tier's tests share: a stack on an emulator with the mix of faults (the
 * emulator's busy server: 503s, 429s, lost answers of writes) and short-lived tokens, and the checks
 * of a fleet of endpoints (named `fleet-*`) and deployment resources (`fleet-res-*`) after each run:
 * the server equals the state, nothing twice, nothing secret printed. lifecycle.test.ts runs the
 * fleet as dynamic resources, plugin.test.ts as a Pulumi YAML program on the provider plugin.
 */

/** The deployment resources of a fleet. */
export const DEPLOYMENTS = 3;

/** Access-token lifetime: each operation runs through several tokens. */
const TOKEN_TTL_SECONDS = 3;

/** Names that occur more than once. */
export function duplicates(names: string[]): string[] {
  const seen = new Map<string, number>();
  for (const name of names) seen.set(name, (seen.get(name) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([name]) => name);
}

/** A fleet's stack on an emulator that misbehaves, read through a client of the same emulator. */
export class Fleet {
  /**
   * Opens `options.program` on a fresh backend and an emulator whose tokens live a few seconds, with
   * a client of it (the admin), and turns the faults on. `password` is the fleet's secret.
   */
  static async open(options: OpenStackOptions, password: string): Promise<Fleet> {
    const stack = await openStack({ ...options, emulatorOptions: { tokenTtlSeconds: TOKEN_TTL_SECONDS } });
    const client = createClient(
      resolveClientConfig({ "vra:url": stack.url, "vra:refreshToken": USERS.admin }, {}),
    );
    const fleet = new Fleet(stack, client, password);
    await fleet.faultsOn();
    return fleet;
  }

  private constructor(
    readonly stack: E2EStack,
    private readonly client: AriaClient,
    private readonly password: string,
  ) {}

  /** Closes the client and disposes of the stack and its emulator. */
  async close(): Promise<void> {
    await this.client.close();
    await this.stack.dispose();
  }

  /**
   * Sets the program's `rev` to 2 and runs `up`: each of the fleet's `count` endpoints is updated once
   * (its description ends "revision 2"), nothing secret is printed, and the server equals the state.
   */
  async expectOneUpUpdatesAll(count: number): Promise<void> {
    this.stack.setConfig("rev", "2");
    const up = expectOk(await this.stack.up());
    this.expectNoSecret(up);
    expect(changes(up)).toEqual({ update: count });
    const server = await this.onServer();
    expect(server.endpoints.every((e) => e.description?.endsWith("revision 2"))).toBe(true);
    await this.expectServerEqualsState();
  }

  /** Installs the mix of faults. */
  async faultsOn(): Promise<void> {
    await this.stack.ops.setFaults(BUSY_SERVER_FAULTS);
  }

  /** Asserts that nothing the operation printed holds the password, the admin's token or any JWT. */
  expectNoSecret(result: OpResult): void {
    const printed = `${result.stdout}\n${result.stderr ?? ""}\n${result.error ?? ""}`;
    expect(printed).not.toContain(this.password);
    expect(printed).not.toContain(USERS.admin);
    expect(printed).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/); // no JWT
  }

  /** The server's fleet endpoints and resources, read with faults off. */
  async onServer() {
    await this.stack.ops.setFaults([]);
    try {
      const endpoints = (await this.client.listAllEndpoints()).filter((e) => e.name.startsWith("fleet-"));
      const resources = (await this.client.listAllResources()).filter((r) => r.name.startsWith("fleet-res-"));
      return { endpoints, resources };
    } finally {
      await this.faultsOn();
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

  /**
   * What docs/guides/faults.md says to run after a killed run, asserting each step: `pulumi cancel`
   * (which clears the lock where the backend holds one), `refresh --clear-pending-creates`, then `up`,
   * with the guide's repair of an empty side file first when the kill left one (cancel fails on it
   * too, and an unchecked cancel left the lock to fail the refresh); no step prints a secret and the
   * server then equals the state.
   */
  async recoverFromKilledRun(): Promise<{ repaired: boolean }> {
    const { stack } = this;
    let repaired = false;
    // Killed in the instant the engine wrote its state, every command (cancel included, which then
    // leaves the lock) fails with this: the guide's repair, once, and only then.
    const guided = async <R extends { ok?: boolean; code?: number; error?: string; stderr?: string }>(
      step: () => Promise<R>,
    ): Promise<R> => {
      const result = await step();
      const failed = result.ok === false || (result.code !== undefined && result.code !== 0);
      if (!failed || !/failed to load checkpoint: EOF/.test(`${result.error ?? ""}${result.stderr ?? ""}`))
        return result;
      expect(repaired).toBe(false);
      expect(removeEmptySideFiles(stack.backendDir()).length).toBeGreaterThan(0);
      repaired = true;
      return step();
    };
    const cancelled = await guided(() => stack.pulumi(["cancel", "--yes", "--stack", stack.stackName]));
    expect(cancelled).toMatchObject({ code: 0 }); // else its stderr says why the lock stays
    const refreshed = expectOk(await guided(() => stack.refresh({ clearPendingCreates: true })));
    this.expectNoSecret(refreshed);
    const up = expectOk(await stack.up());
    this.expectNoSecret(up);
    await this.expectServerEqualsState();
    return { repaired };
  }

  /**
   * What a kill in the very instant the engine writes its state leaves (docs/guides/faults.md): the
   * stack's side file emptied, which the storage library rewrites in place. No kill can be timed to
   * that instant, so a test that wants the guide's repair run every time leaves it so itself.
   */
  emptyStateSideFile(): string {
    const name = `${this.stack.stackName}.json.attrs`;
    const stacks = path.join(this.stack.backendDir(), ".pulumi", "stacks");
    const found = fs
      .readdirSync(stacks, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name === name);
    expect(found).toHaveLength(1);
    const file = path.join(found[0].parentPath, name);
    fs.writeFileSync(file, "");
    return file;
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

/**
 * The repair docs/guides/faults.md gives for a local backend killed while writing its state: the storage library
 * rewrites a stack's `.attrs` side file in place, and a kill at that instant leaves it empty, which
 * every later command reports as "failed to load checkpoint: EOF". Deletes the empty ones.
 */
function removeEmptySideFiles(dir: string): string[] {
  const removed: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name.endsWith(".attrs") && fs.statSync(file).size === 0) {
      fs.rmSync(file);
      removed.push(file);
    }
  }
  return removed;
}
