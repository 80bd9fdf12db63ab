import { parseEndpointSpec, propertyProblem, unmaskSecrets } from "../../../emulator/pipeline/endpoint-spec";
import { SECRET_MASK, allTiles, tileFor, type TileDefinition } from "../../../emulator/pipeline/tiles";

const tile = (type: string) => tileFor(type) as TileDefinition;

describe("endpoint bodies", () => {
  it("default description to empty and isRestricted to false, and keep cloudProxyId", () => {
    const spec = parseEndpointSpec({
      name: "j",
      type: "jenkins",
      properties: { url: "u" },
      cloudProxyId: "cp",
    });
    expect(spec).toEqual({
      name: "j",
      type: "jenkins",
      description: "",
      isRestricted: false,
      properties: { url: "u" },
      cloudProxyId: "cp",
    });
  });

  it.each([
    [{ type: "jenkins", properties: {} }, "Field 'name' is required"],
    [{ name: " ", type: "jenkins", properties: {} }, "Field 'name' must not be empty"],
    [{ name: "x", properties: {} }, "Field 'type' is required"],
    [{ name: "x", type: "jenkins" }, "Field 'properties' is required"],
    [{ name: "x", type: "jenkins", properties: [] }, "Field 'properties' must be an object"],
    [
      { name: "x", type: "jenkins", properties: {}, isRestricted: "yes" },
      "Field 'isRestricted' must be a boolean",
    ],
    [
      { name: "x", type: "jenkins", properties: { url: { nested: 1 } } },
      "Property 'url' must be a string, number or boolean",
    ],
    [[], "Request body must be a JSON object"],
  ])("reject %j with a message naming the field", (body, message) => {
    expect(() => parseEndpointSpec(body)).toThrow(message);
  });

  it("list the valid types when the type is unknown", () => {
    expect(() => parseEndpointSpec({ name: "x", type: "svn", properties: {} })).toThrow(
      /Unknown endpoint type 'svn'. Valid types: jenkins, git, k8s, jira, email, gerrit, agent, docker, dockerregistry, bamboo, tfs, vro/,
    );
  });

  it("read an id only when validating", () => {
    const body = { id: "e1", name: "x", type: "agent", properties: {} };
    expect(parseEndpointSpec(body).id).toBeUndefined();
    expect(parseEndpointSpec(body, { allowId: true }).id).toBe("e1");
  });
});

describe("endpoint properties", () => {
  it("name unknown keys and list the valid ones", () => {
    expect(propertyProblem(tile("jira"), { url: "u", username: "n", colour: "red", size: 1 })).toBe(
      "Unknown properties for endpoint type 'jira': colour, size. Valid properties: url, username, password, fingerprint",
    );
  });

  it("name every missing mandatory property", () => {
    expect(propertyProblem(tile("email"), { senderAddress: "a@b" })).toBe(
      "Missing mandatory properties for endpoint type 'email': encryptionMethod, outboundHost, outboundPort, outboundProtocol",
    );
  });

  it("require what the chosen k8s authType needs", () => {
    const base = { kubernetesURL: "https://k", authType: "token" };
    expect(propertyProblem(tile("k8s"), base)).toBe(
      "Missing mandatory properties for endpoint type 'k8s': token",
    );
    expect(propertyProblem(tile("k8s"), { ...base, token: "t" })).toBeUndefined();
    expect(propertyProblem(tile("k8s"), { ...base, authType: "basicAuth" })).toMatch(/userName, password$/);
  });

  it("require what the chosen git authType needs, with the product's names", () => {
    const base = { serverType: "GitLab-Enterprise", repoURL: "https://g/r.git", branch: "main" };
    expect(propertyProblem(tile("git"), { ...base, authType: "password" })).toBe(
      "Missing mandatory properties for endpoint type 'git': userName, password",
    );
    expect(propertyProblem(tile("git"), { ...base, authType: "privateToken" })).toBe(
      "Missing mandatory properties for endpoint type 'git': privateToken",
    );
    expect(
      propertyProblem(tile("git"), { ...base, authType: "password", userName: "u", password: "p" }),
    ).toBeUndefined();
    // The names the emulator used to invent are refused, as a real server refuses them.
    expect(propertyProblem(tile("git"), { ...base, authType: "http" })).toMatch(
      /'authType' of endpoint type 'git' must be one of: password, privateToken/,
    );
    expect(propertyProblem(tile("git"), { ...base, username: "u" })).toMatch(
      /Unknown properties for endpoint type 'git': username/,
    );
  });

  it("know the docker and dockerregistry types by their real names and keys", () => {
    expect(tileFor("docker-registry")).toBeUndefined();
    expect(Object.keys(tile("dockerregistry").inputProperties)).toEqual([
      "serverType",
      "repoURL",
      "username",
      "password",
      "fingerprint",
    ]);
    expect(Object.keys(tile("docker").inputProperties)).toEqual([
      "url",
      "certificate",
      "sharedPath",
      "pollInterval",
      "fingerprint",
    ]);
    const docker = { url: "http://h:4243", certificate: "", sharedPath: "/var/tmp", pollInterval: 5 };
    expect(propertyProblem(tile("docker"), docker)).toBeUndefined();
    expect(propertyProblem(tile("docker"), { ...docker, pollInterval: "often" })).toMatch(
      /'pollInterval' of endpoint type 'docker' must be an integer/,
    );
  });

  it("check enumerations and integers", () => {
    const email = {
      senderAddress: "a",
      encryptionMethod: "STARTTLS",
      outboundHost: "h",
      outboundPort: 25,
      outboundProtocol: "smtp",
    };
    expect(propertyProblem(tile("email"), email)).toBe(
      "Property 'encryptionMethod' of endpoint type 'email' must be one of: TLS, SSL, NONE",
    );
    expect(
      propertyProblem(tile("email"), { ...email, encryptionMethod: "TLS", outboundPort: "twenty" }),
    ).toMatch(/must be an integer/);
    expect(
      propertyProblem(tile("email"), { ...email, encryptionMethod: "TLS", outboundPort: "25" }),
    ).toBeUndefined();
  });

  it("keep the stored secret when a masked value comes back", () => {
    const stored = { url: "u", password: "real" };
    expect(unmaskSecrets(tile("jenkins"), { url: "u2", password: SECRET_MASK }, stored)).toEqual({
      properties: { url: "u2", password: "real" },
    });
  });

  it("refuse a masked secret when nothing is stored", () => {
    expect(unmaskSecrets(tile("jenkins"), { password: SECRET_MASK }, undefined).problem).toMatch(
      /no stored value to keep/,
    );
  });

  it("treat the mask in a non-secret property as a plain value", () => {
    expect(unmaskSecrets(tile("jenkins"), { username: SECRET_MASK }, undefined)).toEqual({
      properties: { username: SECRET_MASK },
    });
  });

  it("mark the secret properties of every tile", () => {
    const secrets = allTiles().flatMap((t) =>
      Object.entries(t.inputProperties)
        .filter(([, p]) => p.secret)
        .map(([k]) => k),
    );
    expect(new Set(secrets)).toEqual(
      new Set([
        "password",
        "token",
        "privateKey",
        "passPhrase",
        "certKeyData",
        "outboundPassword",
        "privateToken",
      ]),
    );
  });
});
