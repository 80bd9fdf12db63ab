import { formatReport } from "../../../provider/reconcile/human";
import type { ReconcileReport } from "../../../provider/reconcile/report";
import { inSyncReport, SERVER, SERVER_COVERAGE, unmanagedByHand } from "./reports";

const base: ReconcileReport = inSyncReport("prod", 3.5);
const unmanaged = unmanagedByHand({
  pulumiImport: "pulumi import --stack prod aria:index:JenkinsEndpoint by-hand h1",
  ariaExport: "aria-export --out adopt-by-hand",
});

describe("the human report", () => {
  it("is one line when in sync", () => {
    expect(formatReport(base)).toBe(
      "aria-reconcile: in sync: 1 stack (prod), 0 drifted resources, 0 unmanaged endpoints, coverage 2/2 (100%) in 3.5s\n",
    );
  });

  it("tables the drifted resources and the unmanaged endpoints, with the adopt command of the stacks' door", () => {
    const text = formatReport({
      ...base,
      result: "changes",
      exitCode: 7,
      drifted: [
        {
          stack: "prod",
          urn: "u1",
          name: "jenkins",
          type: "aria:index:JenkinsEndpoint",
          action: "update",
          fields: ["description", "properties.url"],
        },
        { stack: "prod", urn: "u2", name: "git", type: "aria:index:Endpoint", action: "create", fields: [] },
      ],
      unmanaged: [unmanaged],
    });
    expect(text.split("\n")).toEqual(
      expect.arrayContaining([
        "  STACK  RESOURCE  TYPE                        ACTION  FIELDS",
        "  prod   jenkins   aria:index:JenkinsEndpoint  update  description,properties.url",
        "  prod   git       aria:index:Endpoint         create  -",
        `  ${SERVER}  Platform  by-hand  jenkins  h1`,
        `  ${unmanaged.adopt.pulumiImport}`,
      ]),
    );
    const dynamic = formatReport({
      ...base,
      stacks: [{ ...base.stacks[0], door: "dynamic" }],
      unmanaged: [unmanaged],
    });
    expect(dynamic).toContain(`  ${unmanaged.adopt.ariaExport}\n`);
    expect(dynamic).not.toContain("pulumi import");
  });

  it("tables the coverage per project and server where the stacks do not manage everything", () => {
    const text = formatReport({
      ...base,
      result: "changes",
      exitCode: 7,
      unmanaged: [unmanaged],
      coverage: {
        managed: 2,
        total: 4,
        percent: 50,
        servers: [SERVER_COVERAGE],
      },
    });
    expect(text.split("\n")).toEqual(
      expect.arrayContaining([
        expect.stringContaining("1 unmanaged endpoint, coverage 2/4 (50%) in 3.5s"),
        "  SERVER                   PROJECT   MANAGED",
        `  ${SERVER}  Payments  0/1 (0%)`,
        `  ${SERVER}  Platform  2/3 (66.7%)`,
        `  ${SERVER}  (all)     2/4 (50%)`,
      ]),
    );
  });

  it("says which drift --remediate put back", () => {
    const text = formatReport({
      ...base,
      result: "remediated",
      drifted: [
        {
          stack: "prod",
          urn: "u1",
          name: "jenkins",
          type: "t",
          action: "update",
          fields: ["description"],
          remediated: true,
        },
      ],
    });
    expect(text).toMatch(/ACTION\s+FIELDS\s+REMEDIATED\n.*update\s+description\s+yes/);
  });
});
