import fc from "fast-check";
import { checkEndpoint, CheckContext } from "../../../provider/endpoint/check";
import { INPUT_KEYS } from "../../../provider/endpoint/schema";
import { ProjectCatalogue } from "../../../provider/endpoint/projects";
import { TileCatalogue } from "../../../provider/endpoint/tiles";
import { UNKNOWN } from "../../../provider/common/unknowns";
import type { Tiles } from "../../../provider/client";
import { KUBERNETES_TILE, PROJECTS } from "./fakes";

/*
 * Properties of `check` over random inputs: whatever the program hands it, it answers (never throws),
 * every failure names the field it is about, and no secret it was given appears in a failure, a
 * warning, or the server's echoed validation message.
 */

const TILES: Tiles = {
  tiles: [
    {
      tileId: "jenkins",
      inputProperties: {
        url: { type: "String", mandatory: true },
        username: { type: "String", mandatory: false },
        password: { type: "String", mandatory: false, secret: true },
        pollInterval: { type: "Integer", mandatory: false },
      },
      outputProperties: {},
    },
    KUBERNETES_TILE,
    {
      tileId: "bamboo",
      inputProperties: {
        url: { type: "String", mandatory: true },
        secretKey: { type: "String", mandatory: false, secret: true },
        enabled: { type: "Boolean", mandatory: false },
      },
      outputProperties: {},
    },
  ],
};

/** Keys any tile marks secret: a value under one of them is a secret wherever it is written. */
const SECRET_KEYS = ["password", "token", "certKeyData", "secretKey"];
const PLAIN_KEYS = [
  "url",
  "username",
  "pollInterval",
  "kubernetesURL",
  "authType",
  "userName",
  "certData",
  "enabled",
];

/** A secret: recognisable, and long enough never to occur in a message by chance. */
const secret = fc.stringMatching(/^[A-Za-z0-9]{14,24}$/).map((s) => `Zq${s}`);

const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(UNKNOWN),
  fc.constantFrom("", "token", "basicAuth", "certificate", "${var.pw}", "12", "true"),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }) },
);
const plainKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PLAIN_KEYS) },
  fc.string({ maxLength: 8 }),
);

/** A property bag: plain values, and secrets under secret keys; or the whole bag unknown, or garbage. */
const bag = (secretsToo: boolean) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(plainKey, value, { maxKeys: 5 }) },
    {
      weight: secretsToo ? 6 : 0,
      arbitrary: fc
        .tuple(
          fc.dictionary(plainKey, value, { maxKeys: 4 }),
          fc.dictionary(fc.constantFrom(...SECRET_KEYS), secret, { maxKeys: 3 }),
        )
        .map(([plain, secrets]) => ({ ...plain, ...secrets })),
    },
    { weight: 1, arbitrary: fc.constant(UNKNOWN) },
    { weight: 1, arbitrary: scalar },
  );

const inputs = fc.record(
  {
    name: fc.oneof(fc.string(), fc.constantFrom("ci", "a/b", "..", "x;y", UNKNOWN), fc.integer()),
    type: fc.oneof(fc.constantFrom("jenkins", "k8s", "bamboo", "nope", UNKNOWN, ""), fc.integer()),
    project: fc.oneof(
      fc.constantFrom("Platform", "Default Project", "Nope", "a/b", UNKNOWN, null),
      fc.string(),
    ),
    description: fc.oneof(fc.string(), fc.constant(UNKNOWN), fc.integer()),
    isRestricted: fc.oneof(fc.boolean(), fc.constant(UNKNOWN), fc.string()),
    properties: bag(true),
    secretProperties: fc.oneof(
      {
        weight: 6,
        arbitrary: fc.dictionary(fc.constantFrom(...SECRET_KEYS, ...PLAIN_KEYS), secret, { maxKeys: 4 }),
      },
      { weight: 1, arbitrary: bag(false) },
    ),
    validate: fc.oneof(fc.boolean(), fc.constant(UNKNOWN)),
    adopt: fc.oneof(fc.boolean(), fc.constant(UNKNOWN)),
    extra: fc.string(),
  },
  { requiredKeys: ["name", "type"] },
);

/** Every secret the inputs carry: secret-bag values, and values under secret keys in the plain bag. */
function secretsIn(news: Record<string, unknown>): string[] {
  const out: string[] = [];
  const collect = (bagValue: unknown, onlySecretKeys: boolean) => {
    if (bagValue === null || typeof bagValue !== "object") return;
    for (const [key, v] of Object.entries(bagValue)) {
      if (typeof v === "string" && v.startsWith("Zq") && (!onlySecretKeys || SECRET_KEYS.includes(key)))
        out.push(v);
    }
  };
  collect(news.secretProperties, false);
  collect(news.properties, true);
  return out;
}

function context(warnings: string[]): CheckContext {
  // The server's validation echoes the whole request back, as a careless server might.
  const validateEndpoint = jest.fn(async (spec: unknown) => ({
    status: "FAILED",
    statusMessage: `could not connect with ${JSON.stringify(spec)}`,
  }));
  const api = {
    getEndpointTiles: async () => TILES,
    listAllProjects: async () => PROJECTS,
    validateEndpoint,
  } as unknown as ReturnType<CheckContext["api"]>;
  return {
    api: () => api,
    tiles: new TileCatalogue(() => api.getEndpointTiles()),
    projects: new ProjectCatalogue(() => api.listAllProjects()),
    validateByDefault: () => true,
    warn: async (message) => {
      warnings.push(message);
    },
  };
}

const RUNS = { numRuns: 400 };

/** Whether a value holds a number JSON cannot (±Infinity), anywhere inside. */
const holdsNonFinite = (v: unknown): boolean =>
  typeof v === "number"
    ? !Number.isFinite(v)
    : v !== null && typeof v === "object" && Object.values(v).some(holdsNonFinite);

describe("check over random inputs", () => {
  it("never throws, whatever the inputs", async () => {
    await fc.assert(
      fc.asyncProperty(inputs, async (news) => {
        await checkEndpoint({}, news, context([]));
      }),
      RUNS,
    );
  });

  it("names the field of every failure, and never a whole bag whose value the engine would print", async () => {
    const fields = new Set<string>([...INPUT_KEYS, "extra"]);
    await fc.assert(
      fc.asyncProperty(inputs, async (news) => {
        const result = await checkEndpoint({}, news, context([]));
        for (const failure of result.failures ?? []) {
          expect(failure.reason.length).toBeGreaterThan(0);
          expect(["properties", "secretProperties"]).not.toContain(failure.property);
          if (failure.property === "") {
            // On the resource: the whole endpoint (the server's validation) or a bag, named in the reason.
            expect(failure.reason).toMatch(/^(properties|secretProperties): |server's validation/);
          } else {
            const head = /^[A-Za-z_$][\w$]*/.exec(failure.property)?.[0] ?? "";
            expect(fields).toContain(head);
          }
        }
      }),
      RUNS,
    );
  });

  it("lets no secret it was given appear in a failure or a warning", async () => {
    await fc.assert(
      fc.asyncProperty(inputs, async (news) => {
        const warnings: string[] = [];
        const secrets = secretsIn(news);
        fc.pre(secrets.length > 0);
        const result = await checkEndpoint({}, news, context(warnings));
        const said = JSON.stringify({ failures: result.failures ?? [], warnings });
        for (const s of secrets) expect(said).not.toContain(s);
      }),
      RUNS,
    );
  });

  it("leaves no secret under a secret key of the plain bag, and loses none", async () => {
    const routable = fc.record({
      name: fc.constant("ci"),
      type: fc.constantFrom("jenkins", "k8s", "bamboo"),
      project: fc.constant("Platform"),
      properties: bag(true).filter((b) => b !== null && typeof b === "object"),
      secretProperties: fc.dictionary(fc.constantFrom(...SECRET_KEYS), secret, { maxKeys: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(routable, async (news) => {
        const result = await checkEndpoint({}, news, context([]));
        const plain = result.inputs.properties as Record<string, unknown>;
        const secretBag = result.inputs.secretProperties as Record<string, unknown>;
        const tile = TILES.tiles.find((t) => t.tileId === news.type)!;
        const given = news.properties as Record<string, unknown>;
        // An empty property name, or a number JSON cannot hold (±Infinity), fails the schema before
        // any routing: nothing is stored then.
        fc.pre(!("" in given));
        fc.pre(!holdsNonFinite(given));
        for (const [key, v] of Object.entries(given)) {
          if (v === null) continue;
          const stays = v === "" || v === "${var.pw}" || key in news.secretProperties;
          if (tile.inputProperties[key]?.secret === true && !stays) {
            expect(plain).not.toHaveProperty([key]);
            expect(secretBag[key]).toEqual(v);
          } else {
            expect(plain[key]).toEqual(v);
          }
        }
        for (const [key, v] of Object.entries(news.secretProperties)) expect(secretBag[key]).toBe(v);
      }),
      RUNS,
    );
  });

  it("never fails a valid endpoint for values that are unknown in preview", async () => {
    const valid = {
      name: "ci",
      type: "k8s",
      project: "Platform",
      description: "d",
      isRestricted: false,
      validate: false,
      properties: { kubernetesURL: "https://k", authType: "basicAuth", userName: "bot" },
      secretProperties: { password: "Zq-known-password" },
    };
    const paths = [
      ["name"],
      ["type"],
      ["project"],
      ["description"],
      ["isRestricted"],
      ["properties"],
      ["secretProperties"],
      ["properties", "kubernetesURL"],
      ["properties", "authType"],
      ["properties", "userName"],
      ["secretProperties", "password"],
    ];
    await fc.assert(
      fc.asyncProperty(fc.subarray(paths), async (unknown) => {
        const news = JSON.parse(JSON.stringify(valid)) as Record<string, Record<string, unknown>>;
        for (const path of unknown) {
          if (path.length === 1) (news as Record<string, unknown>)[path[0]] = UNKNOWN;
          else if (typeof news[path[0]] === "object") news[path[0]][path[1]] = UNKNOWN;
        }
        const result = await checkEndpoint({}, news, context([]));
        expect(result.failures).toBeUndefined();
      }),
      RUNS,
    );
  });
});
