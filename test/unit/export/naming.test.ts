import { resourceNames, slug } from "../../../provider/export/naming";

describe("resource names of exported endpoints", () => {
  it("makes readable ASCII slugs of endpoint names, accents folded", () => {
    expect(slug("Jenkins CI (prod)")).toBe("jenkins-ci-prod");
    expect(slug("Dépôt Git")).toBe("depot-git");
    expect(slug("日本")).toBe("");
  });

  it("uses the name alone where it is unique, and prefixes the project where two projects share it", () => {
    const names = resourceNames([
      { project: "Platform", name: "jenkins" },
      { project: "Payments", name: "jenkins" },
      { project: "Payments", name: "Git Repo" },
    ]);
    expect(names).toEqual(["platform-jenkins", "payments-jenkins", "git-repo"]);
  });

  it("adds a hash where the slugs still collide or the name has no ASCII letter, and stays unique", () => {
    const endpoints = [
      { project: "Platform", name: "ci jenkins" },
      { project: "Platform", name: "ci-jenkins" },
      { project: "Platform", name: "日本" },
      { project: "Payments", name: "日本" },
    ];
    const names = resourceNames(endpoints);
    expect(new Set(names).size).toBe(4);
    expect(names[0]).toMatch(/^platform-ci-jenkins-[0-9a-f]{8}$/);
    expect(names[2]).toMatch(/^platform-[0-9a-f]{8}$/);
  });

  it("gives the same names on every run, whatever the order of the listing", () => {
    const endpoints = [
      { project: "A", name: "x" },
      { project: "B", name: "x" },
      { project: "A", name: "y y" },
    ];
    const first = resourceNames(endpoints);
    const reversed = resourceNames([...endpoints].reverse()).reverse();
    expect(reversed).toEqual(first);
  });
});
