import { endpoint } from "../export/fixtures";
import { adoptionFiles } from "../../../provider/reconcile/adopt";
import { generateImportFile } from "../../../provider/export/formats";

const SERVER = "https://vra.example.com";
const SECRET = "s3cret-Value-never-written";

const byHand = [
  endpoint({
    id: "j1",
    name: "made by hand",
    type: "jenkins",
    properties: { url: "https://hand.example.com", username: "me", password: "****" },
  }),
  endpoint({
    id: "g1",
    name: "repo",
    type: "git",
    project: "Payments",
    properties: { repoURL: "https://x" },
  }),
];

describe("the files --adopt writes", () => {
  it("for a plugin stack: aria-export's import file (names and typed resources) and a README naming the secrets", () => {
    const { files, covered, settings } = adoptionFiles(
      [{ server: SERVER, endpoints: byHand, stack: "prod", door: "plugin" }],
      "^1.0.0",
    );
    expect(Object.keys(files).sort()).toEqual(["README.md", "import.json"]);
    expect(JSON.parse(files["import.json"])).toEqual(generateImportFile({ endpoints: byHand }));
    expect(JSON.parse(files["import.json"])).toEqual({
      resources: [
        { type: "aria:index:GitEndpoint", name: "repo", id: "g1" },
        { type: "aria:index:JenkinsEndpoint", name: "made-by-hand", id: "j1" },
      ],
    });
    expect(covered).toBe(2);
    expect(settings).toEqual([
      { server: SERVER, endpoint: "made by hand", property: "password", configKey: "made-by-hand-password" },
    ]);
    expect(files["README.md"]).toContain(
      "pulumi import --stack prod --file import.json --protect=false --out adopted-code",
    );
    expect(files["README.md"]).toContain("Platform / made by hand: `password`");
  });

  it("for a dynamic stack: aria-export's TypeScript project with adopt: true, and never a secret value", () => {
    const withSecret = [
      endpoint({ id: "j2", name: "ci", properties: { url: "https://ci", username: "u", password: SECRET } }),
    ];
    const { files, covered } = adoptionFiles(
      [{ server: SERVER, endpoints: [...byHand], door: "dynamic" }],
      "^1.0.0",
    );
    expect(covered).toBe(2);
    expect(files["import.json"]).toBeUndefined();
    expect(files["typescript/index.ts"]).toMatch(/adopt: true/);
    expect(files["typescript/index.ts"]).toContain('"made by hand"');
    // A secret the server shows in clear is a setting to fill in, as a masked one is.
    const secretOnes = adoptionFiles([{ server: SERVER, endpoints: withSecret }], "^1.0.0");
    for (const content of Object.values(secretOnes.files)) {
      expect(content).not.toContain(SECRET);
      expect(content).not.toContain("****");
    }
    expect(secretOnes.settings).toEqual([
      { server: SERVER, endpoint: "ci", property: "password", configKey: "ci-password" },
    ]);
    expect(secretOnes.files["typescript/index.ts"]).toContain('config.getSecret("ci-password")');
  });

  it("puts each server's files in a folder of its host when there are several, and nothing for a server with none", () => {
    const { files, covered } = adoptionFiles(
      [
        { server: SERVER, endpoints: byHand, door: "plugin" },
        { server: "https://other.example.com:8443", endpoints: byHand.slice(0, 1), door: "plugin" },
        { server: "https://empty.example.com", endpoints: [], door: "plugin" },
      ],
      "^1.0.0",
    );
    expect(Object.keys(files).sort()).toEqual([
      "other-example-com-8443/README.md",
      "other-example-com-8443/import.json",
      "vra-example-com/README.md",
      "vra-example-com/import.json",
    ]);
    expect(covered).toBe(3);
  });
});
