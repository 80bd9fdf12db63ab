import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  describeDisagreements,
  rewriteVersion,
  versionDisagreements,
  versionSites,
} from "../../../scripts/versioned-files";

/*
 * One version for every artifact (scripts/versioned-files.js): the repository's files agree with
 * package.json's version, and in a copy of those files a rewrite moves them all, after which one file
 * left behind is named with the command that fixes it.
 */
const ROOT = path.resolve(__dirname, "../../..");

describe("the project's one version", () => {
  it("every file that carries the version carries package.json's", () => {
    const { version, disagreements } = versionDisagreements(ROOT);
    // On failure the message names each file, what in it is wrong, and the command that fixes it.
    expect(describeDisagreements(version, disagreements)).toBe("");
  });

  it("finds the version in every file it lists that must carry one (none went unnoticed)", () => {
    const required = versionSites(ROOT).filter((site) => !site.optional);
    expect(required.map((site) => site.file)).toEqual(
      expect.arrayContaining([
        "package-lock.json",
        "sdk/schema.json",
        "sdk/nodejs/package.json",
        "sdk/python/pyproject.toml",
        "sdk/python/pulumi_aria/pulumi-plugin.json",
        "sdk/go/aria/pulumi-plugin.json",
        "sdk/go/aria/internal/pulumiUtilities.go",
        "examples/quickstart/package.json",
        "examples/quickstart-go/go.mod",
        "examples/quickstart-python/requirements.txt",
      ]),
    );
    for (const site of required) {
      expect({
        file: site.file,
        found: site.read(fs.readFileSync(path.join(ROOT, site.file), "utf8")).length > 0,
      }).toEqual({
        file: site.file,
        found: true,
      });
    }
  });

  describe("in a copy of the versioned files", () => {
    let tmp: string;
    beforeEach(() => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-aria-version-"));
      const files = new Set(["package.json", ...versionSites(ROOT).map((site) => site.file)]);
      for (const file of files) {
        if (!fs.existsSync(path.join(ROOT, file))) continue;
        fs.mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
        fs.copyFileSync(path.join(ROOT, file), path.join(tmp, file));
      }
    });
    afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

    it("a rewrite moves every file to the new version, and a file left behind is named", () => {
      const changed = rewriteVersion(tmp, "0.42.7");
      expect(changed).toEqual(
        expect.arrayContaining([
          "package.json",
          "sdk/schema.json",
          "sdk/go/aria/internal/pulumiUtilities.go",
        ]),
      );
      expect(versionDisagreements(tmp)).toEqual({ version: "0.42.7", disagreements: [] });
      expect(fs.readFileSync(path.join(tmp, "examples/quickstart/package.json"), "utf8")).toContain(
        '"pulumi-aria": "^0.42.7"',
      );

      const stale = "sdk/go/aria/internal/pulumiUtilities.go";
      fs.copyFileSync(path.join(ROOT, stale), path.join(tmp, stale));
      const { version, disagreements } = versionDisagreements(tmp);
      const current = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
      expect(describeDisagreements(version, disagreements)).toBe(
        `${stale}: the plugin version the Go SDK's resources and invokes ask for is ${current}, ` +
          "not package.json's 0.42.7 (fix: npm run gen:sdk)",
      );
    });

    it("a file that lost its version is named", () => {
      fs.writeFileSync(path.join(tmp, "examples/quickstart-python/requirements.txt"), "pulumi_aria\n");
      expect(versionDisagreements(tmp).disagreements).toEqual([
        expect.objectContaining({ file: "examples/quickstart-python/requirements.txt", found: "nothing" }),
      ]);
    });

    it("refuses a version that is not three numbers, or that would move the Go module", () => {
      expect(() => rewriteVersion(tmp, "0.2")).toThrow(/'0\.2' is not MAJOR\.MINOR\.PATCH/);
      expect(() => rewriteVersion(tmp, "0.2.0-beta.1")).toThrow(/not MAJOR\.MINOR\.PATCH/);
      expect(() => rewriteVersion(tmp, "2.0.0")).toThrow(/sdk\/go\/v2/);
      expect(versionDisagreements(tmp).disagreements).toEqual([]);
    });
  });
});
