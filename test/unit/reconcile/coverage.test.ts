import { endpoint } from "../export/fixtures";
import { coverageOf, ratio } from "../../../provider/reconcile/coverage";
import { SERVER, SERVER_COVERAGE } from "./reports";

const OTHER = "https://other.example.com";

describe("coverage", () => {
  it("is managed out of total with a percentage to one decimal, 100 where there is nothing", () => {
    expect(ratio(1, 4)).toEqual({ managed: 1, total: 4, percent: 25 });
    expect(ratio(2, 3)).toEqual({ managed: 2, total: 3, percent: 66.7 });
    expect(ratio(0, 5)).toEqual({ managed: 0, total: 5, percent: 0 });
    expect(ratio(0, 0)).toEqual({ managed: 0, total: 0, percent: 100 });
  });

  it("counts per project looked in, per server and in total; endpoints elsewhere do not count", () => {
    const listed = [
      endpoint({ id: "a", name: "a", project: "Platform" }),
      endpoint({ id: "b", name: "b", project: "Platform" }),
      endpoint({ id: "c", name: "c", project: "Platform" }),
      endpoint({ id: "d", name: "d", project: "Payments" }),
      endpoint({ id: "e", name: "e", project: "Elsewhere" }),
    ];
    const other = [endpoint({ id: "x", name: "x", project: "Platform" })];
    const coverage = coverageOf(
      [
        { server: SERVER, listed, projects: new Set(["Platform", "Payments"]) },
        { server: OTHER, listed: other, projects: new Set(["Platform"]) },
      ],
      new Set(["a", "b", "x", "e"]),
    );
    expect(coverage).toEqual({
      managed: 3,
      total: 5,
      percent: 60,
      servers: [
        SERVER_COVERAGE,
        {
          server: OTHER,
          managed: 1,
          total: 1,
          percent: 100,
          projects: [{ project: "Platform", managed: 1, total: 1, percent: 100 }],
        },
      ],
    });
  });
});
