import fc from "fast-check";
import { keepSecrets, showsCredentialAnywhere } from "../../../provider/core/secret-marks";
import { isSecret, reveal, secret, Secret } from "../../../provider/core/values";

type Path = (string | number)[];

/** The paths of the values marked secret, outermost only. */
function secretPaths(value: unknown, prefix: Path = []): Path[] {
  if (isSecret(value)) return [prefix];
  if (Array.isArray(value)) return value.flatMap((item, i) => secretPaths(item, [...prefix, i]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => secretPaths(item, [...prefix, key]));
  }
  return [];
}

/** True when the value at `path` is secret or inside a secret. */
function secretAt(value: unknown, path: Path): boolean {
  let node = value;
  for (const step of path) {
    if (isSecret(node)) return true;
    node = (node as Record<string | number, unknown> | undefined)?.[step];
  }
  return isSecret(node);
}

describe("keepSecrets", () => {
  it("marks again what a deployment resource's properties held secret, at any depth", () => {
    const inputs = {
      name: "db",
      properties: { password: secret("canary-1"), credentials: { apiToken: secret("canary-2") }, size: 2 },
    };
    const outs = keepSecrets(
      { name: "db", properties: { password: "canary-1", credentials: { apiToken: "canary-2" }, size: 2 } },
      [inputs],
    );
    expect(outs.properties.password).toBeInstanceOf(Secret);
    expect(outs.properties.credentials.apiToken).toBeInstanceOf(Secret);
    expect(outs.properties.size).toBe(2);
    expect(outs.name).toBe("db");
  });

  it("marks a secret text wherever it went: moved to another key, or in a list the server reordered", () => {
    const outs = keepSecrets({ secretProperties: { password: "p-1" }, tags: ["a", "t-2"] }, [
      { properties: { password: secret("p-1") }, tags: [secret("t-2"), "a"] },
    ]);
    expect(outs.secretProperties.password).toBeInstanceOf(Secret);
    expect(outs.tags[1]).toBeInstanceOf(Secret);
    expect(outs.tags[0]).toBeInstanceOf(Secret); // index 0 was secret in what arrived
  });

  it("marks a whole value that arrived secret as a whole, whatever it became", () => {
    const outs = keepSecrets({ properties: { nested: { a: 1 } } }, [{ properties: secret({ other: 2 }) }]);
    expect(outs.properties).toBeInstanceOf(Secret);
  });

  it("marks credentials shown in clear only for answers read from the server", () => {
    const read = { properties: { apiKey: "k-1", url: "https://x", password: "*****", ref: "${var.p}" } };
    expect(keepSecrets(read, []).properties.apiKey).toBe("k-1");
    const marked = keepSecrets(read, [], { credentials: true });
    expect(marked.properties.apiKey).toBeInstanceOf(Secret);
    expect(marked.properties.url).toBe("https://x");
    expect(marked.properties.password).toBe("*****");
    expect(marked.properties.ref).toBe("${var.p}");
  });

  const json = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), tie("value"), { maxKeys: 4 }),
    ),
  })).value;
  /** A JSON value with some of its values marked secret. */
  const marked: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      json,
      json.map((v) => secret(v)),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), tie("value"), { maxKeys: 4 }),
    ),
  })).value;

  it("changes no value, and leaves every path that arrived secret secret", () => {
    fc.assert(
      fc.property(marked, (source) => {
        const answer = keepSecrets(reveal(source), [source]);
        expect(reveal(answer)).toEqual(reveal(source));
        for (const path of secretPaths(source)) expect(secretAt(answer, path)).toBe(true);
      }),
    );
  });

  it("never unmarks what the answer already marked", () => {
    fc.assert(
      fc.property(marked, (answer) => {
        const kept = keepSecrets(answer, []);
        for (const path of secretPaths(answer)) expect(secretAt(kept, path)).toBe(true);
      }),
    );
  });
});

describe("showsCredentialAnywhere", () => {
  it("is true only for a credential-looking key shown in clear, at any depth and in lists", () => {
    expect(showsCredentialAnywhere({ properties: { url: "https://j", password: "*****" } })).toBe(false);
    expect(showsCredentialAnywhere({ properties: { password: "${var.jenkins-password}" } })).toBe(false);
    expect(showsCredentialAnywhere({ properties: { password: "" } })).toBe(false);
    expect(showsCredentialAnywhere({ properties: { password: "hunter22" } })).toBe(true);
    expect(showsCredentialAnywhere({ resources: [{ properties: { a: { apiToken: "t" } } }] })).toBe(true);
    expect(showsCredentialAnywhere([{ privateToken: "abc123" }])).toBe(true);
  });
});
