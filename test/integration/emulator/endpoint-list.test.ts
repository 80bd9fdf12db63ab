import fc from "fast-check";
import { qs, startHarness, type Harness, type Json } from "./helpers/client";

describe("listing endpoints", () => {
  let h: Harness;
  const names: string[] = [];

  beforeAll(async () => {
    h = await startHarness({ seedResources: 0 });
    const projects = ["Default Project", "Platform", "Payments"];
    for (let i = 0; i < 30; i += 1) {
      const name = `${i % 2 === 0 ? "ABCD" : "xyz"}-jenkins-${String(i).padStart(2, "0")}`;
      names.push(name);
      const reply = await h.admin.post("/pipeline/api/endpoints", {
        name,
        type: i % 3 === 0 ? "jira" : "jenkins",
        project: projects[i % 3],
        description: i % 5 === 0 ? "five" : "",
        isRestricted: i % 10 === 0,
        properties: i % 3 === 0 ? { url: "https://jira.test", username: "u" } : { url: "https://ci.test" },
      });
      expect(reply.status).toBe(200);
    }
  });
  afterAll(() => h.close());

  const list = async (params: Record<string, string | number | undefined>) => {
    const reply = await h.admin.get(`/pipeline/api/endpoints${qs(params)}`);
    expect(reply.status).toBe(200);
    return reply.body as {
      count: number;
      totalCount: number;
      links: string[];
      documents: Record<string, Json>;
    };
  };
  const namesOf = (body: { links: string[]; documents: Record<string, Json> }) =>
    body.links.map((l) => body.documents[l].name);

  it("answers the first 25 by name descending by default, keyed by _link in link order", async () => {
    const body = await list({});
    expect(body).toMatchObject({ count: 25, totalCount: 30 });
    expect(namesOf(body)).toEqual([...names].sort().reverse().slice(0, 25));
    expect(Object.keys(body.documents)).toEqual(body.links);
  });

  it.each([
    ["startswith(name, 'ABCD')", 15],
    ["toupper(name) eq 'ABCD-JENKINS-00'", 1],
    ["substringof('bc',tolower(name))", 15],
    ["name eq 'ABCD-jenkins-04' and project eq 'Platform'", 1],
    ["((name eq 'ABCD-jenkins-04') and (project eq 'Payments'))", 0],
    ["project eq 'Platform' or type eq 'jira'", 20],
    ["isRestricted eq true", 3],
    ["description eq 'five' and not (project eq 'Default Project')", 4],
  ])("filters with %s", async (filter, total) => {
    expect((await list({ $filter: filter, $top: 100 })).totalCount).toBe(total);
  });

  it("accepts the bare names filter, orderby, skip and top", async () => {
    const body = await list({ filter: "startswith(name,'xyz')", orderby: "name asc", skip: 2, top: 3 });
    expect(namesOf(body)).toEqual(["xyz-jenkins-05", "xyz-jenkins-07", "xyz-jenkins-09"]);
    expect(body.totalCount).toBe(15);
  });

  it("pages with page and $size", async () => {
    const body = await list({ $orderby: "name asc", page: 2, $size: 4 });
    expect(namesOf(body)).toEqual([...names].sort().slice(8, 12));
  });

  it("orders by several criteria", async () => {
    const body = await list({ $orderby: "project asc, name desc", $top: 3 });
    expect(body.links.map((l) => body.documents[l].project)).toEqual([
      "Default Project",
      "Default Project",
      "Default Project",
    ]);
    expect(namesOf(body)).toEqual(["xyz-jenkins-27", "xyz-jenkins-21", "xyz-jenkins-15"]);
  });

  it("answers empty documents with the right totalCount past the end and for top 0, and everything for a huge top", async () => {
    expect(await list({ $skip: 1000 })).toEqual({ count: 0, totalCount: 30, links: [], documents: {} });
    expect(await list({ $top: 0 })).toEqual({ count: 0, totalCount: 30, links: [], documents: {} });
    expect((await list({ $top: 1_000_000_000 })).count).toBe(30);
  });

  it.each([
    [{ $filter: "name eq" }, /^Invalid \$filter 'name eq': expected a field/],
    [{ $filter: "colour eq 'red'" }, /unknown field 'colour'/],
    [{ $filter: "startswith(name" }, /expected '\)'/],
    [{ $orderby: "colour" }, /Invalid \$orderby/],
    [{ $top: "ten" }, /Invalid value 'ten' for \$top/],
    [{ page: "-1" }, /Invalid value '-1' for page/],
  ])("answers 400 naming the problem for %j", async (params, message) => {
    const reply = await h.admin.get(`/pipeline/api/endpoints${qs(params)}`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(message);
  });

  it("never crashes on arbitrary filters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (filter) => {
        const reply = await h.admin.get(`/pipeline/api/endpoints${qs({ $filter: filter })}`);
        return reply.status === 200 || (reply.status === 400 && typeof reply.body.message === "string");
      }),
      { numRuns: 150 },
    );
  });
});
