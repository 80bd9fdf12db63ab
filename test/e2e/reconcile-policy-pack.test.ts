import * as fs from "node:fs";
import * as path from "node:path";
import { USERS } from "../support/emulator";
import { changeByHand, useReconcileStack } from "./reconcile-helpers";
import { REPO_ROOT } from "../support/program-stack";

/*
 * `aria-reconcile --policy-pack DIR [--policy-pack-config FILE]`: a user's own policy pack (TypeScript,
 * test/e2e/programs/reconcile-user-pack), run by the real engine (`pulumi policy analyze`) on what the
 * stack's endpoints are on the server. The program declares an endpoint the pack accepts; a user then
 * points it elsewhere through the API, as in the UI: the violation is of what is, not of what is
 * declared, with exit 5; the pack's config moving the rule to advisory or turning it off is honoured.
 */

jest.setTimeout(10 * 60_000);

const PASSWORD = "e2e-PolicyPack-Passw0rd";
const GIT_TOKEN = "e2e-PolicyPack-Git-T0ken";
const SECRETS = [PASSWORD, GIT_TOKEN, USERS.admin];

describe("aria-reconcile --policy-pack: a user's pack on what the endpoints are", () => {
  const fixture = useReconcileStack({
    program: "test/e2e/programs/reconcile-dynamic",
    prefix: "vra",
    password: PASSWORD,
    gitToken: GIT_TOKEN,
  });
  const { reconcileJson } = fixture;
  /** A config file for the pack, in the program directory. */
  const config = (name: string, content: object) => {
    fs.writeFileSync(path.join(fixture.stack.workDir, name), JSON.stringify(content));
    return name;
  };

  beforeAll(() => {
    // The team's pack beside the program, as a repository keeps one (its imports resolve from the
    // program's node_modules: @pulumi/policy, and pulumi-aria installed from the packed package).
    fs.cpSync(
      path.join(REPO_ROOT, "test/e2e/programs/reconcile-user-pack"),
      path.join(fixture.stack.workDir, "team-pack"),
      {
        recursive: true,
      },
    );
  });

  it("passes the declared endpoints: exit 0, no violation", async () => {
    const { code, report } = await reconcileJson(["--policy-pack", "team-pack"]);
    expect({ code, result: report.result, policy: report.policy }).toEqual({
      code: 0,
      result: "in-sync",
      policy: { violations: [] },
    });
  });

  it("finds the endpoint pointed elsewhere by hand: exit 5, the pack's rule, resource and message", async () => {
    await changeByHand(fixture.client, fixture.jenkinsId, PASSWORD, {
      properties: { url: "https://jenkins.elsewhere.org" },
    });

    const { code, report } = await reconcileJson(["--policy-pack", "team-pack"]);
    expect(code).toBe(5);
    expect(report.result).toBe("violations");
    expect(report.policy!.violations).toEqual([
      {
        stack: fixture.stack.stackName,
        urn: expect.stringContaining("::jenkins"),
        name: "jenkins",
        rule: "team-endpoint-domain",
        pack: "team-rules",
        enforcementLevel: "mandatory",
        message: expect.stringContaining(
          "properties.url points at jenkins.elsewhere.org, outside example.com",
        ),
      },
    ]);
    // The program still declares example.com: the pack judged what is on the server. The drift is
    // reported beside it; the policy's 5 comes before drift's 7.
    expect(report.drifted.map((d) => [d.name, d.fields])).toEqual([["jenkins", ["properties.url"]]]);

    // The human form names the rule and the pack's message.
    const bin = path.join(fixture.stack.workDir, "node_modules", ".bin", "aria-reconcile");
    const human = await fixture.stack.command(bin, [
      "--stack",
      fixture.stack.stackName,
      "--policy-pack",
      "team-pack",
    ]);
    fixture.outputs.push(human.stdout, human.stderr);
    expect(human.code).toBe(5);
    expect(human.stdout).toMatch(/jenkins\s+team-endpoint-domain\s+mandatory/);
    expect(human.stdout).toContain("outside example.com");
  });

  it("honours the pack's config: the domain moved, the rule advisory, the rule off", async () => {
    const moved = await reconcileJson([
      "--policy-pack",
      "team-pack",
      "--policy-pack-config",
      config("moved.json", { "team-endpoint-domain": { domain: "elsewhere.org" } }),
    ]);
    // jenkins now passes; the git endpoint has no url property for the rule.
    expect({ code: moved.code, violations: moved.report.policy!.violations }).toEqual({
      code: 7,
      violations: [],
    });

    const advisory = await reconcileJson([
      "--policy-pack",
      "team-pack",
      "--policy-pack-config",
      config("advisory.json", { "team-endpoint-domain": { enforcementLevel: "advisory" } }),
    ]);
    expect(advisory.code).toBe(7);
    expect(advisory.report.policy!.violations).toEqual([
      expect.objectContaining({
        name: "jenkins",
        rule: "team-endpoint-domain",
        enforcementLevel: "advisory",
      }),
    ]);

    const off = await reconcileJson([
      "--policy-pack",
      "team-pack",
      "--policy-pack-config",
      config("off.json", { "team-endpoint-domain": "disabled" }),
    ]);
    expect({ code: off.code, violations: off.report.policy!.violations }).toEqual({
      code: 7,
      violations: [],
    });
  });

  it("runs beside the package's own pack (--policy), each violation named by its pack", async () => {
    await changeByHand(fixture.client, fixture.jenkinsId, PASSWORD, {
      properties: { url: "http://jenkins.elsewhere.org" },
    });
    const { code, report } = await reconcileJson(["--policy", "--policy-pack", "team-pack"]);
    expect(code).toBe(5);
    expect(report.policy!.violations.map((v) => [v.name, v.rule, v.pack ?? "(package)"]).sort()).toEqual([
      ["jenkins", "aria-endpoint-plain-http", "(package)"],
      ["jenkins", "team-endpoint-domain", "team-rules"],
    ]);
  });

  it("refuses a directory with no pack, or a config that is not JSON, naming the flag: exit 2", async () => {
    const none = await reconcileJson(["--policy-pack", "no-such-pack"]);
    expect(none.code).toBe(2);
    expect(none.report.error!.message).toMatch(
      /--policy-pack no-such-pack: .* holds no policy pack \(no PulumiPolicy\.yaml\)/,
    );
    fs.writeFileSync(path.join(fixture.stack.workDir, "broken.json"), "{not json");
    const broken = await reconcileJson(["--policy-pack", "team-pack", "--policy-pack-config", "broken.json"]);
    expect(broken.code).toBe(2);
    expect(broken.report.error!.message).toMatch(/--policy-pack-config broken\.json: cannot read it as JSON/);
  });

  it("printed no secret in any output", () => {
    expect(fixture.outputs.length).toBeGreaterThan(0);
    for (const output of fixture.outputs) for (const secret of SECRETS) expect(output).not.toContain(secret);
  });
});
