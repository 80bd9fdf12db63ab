import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { isSecret, tileFor } from "../../emulator/pipeline/tiles";
import { Emulator, USERS } from "../support/emulator";
import { E2EStack, openStack, REPO_ROOT } from "../support/program-stack";
import { closeExample, GIT_TOKEN, JENKINS_PASSWORD, openExample, type Language } from "./language-examples";

/*
 * The baselines of upgrade-baselines.test.ts: for each example program, what a release left behind,
 * checked in under test/fixtures/baselines/<release>/<program>/:
 * - stack.json: `pulumi stack export` of the stack after `up` (its secrets encrypted by the stack's
 *   passphrase secrets provider, with PASSPHRASE);
 * - emulator.json: the emulator's data file (`--data`) after that `up`, its secret endpoint
 *   properties and token secret encrypted as the stack's secrets provider does (AES-256-GCM, the key
 *   PBKDF2 of PASSPHRASE and the stack's salt: the `v1:<nonce>:<ciphertext>` form Pulumi writes);
 * - baseline.json: the release, the stack's name and the emulator's URL at the time, which a restore
 *   replaces with its own emulator's.
 * `npm run baselines` writes the current release's (scripts/baselines.mjs); the release script does
 * it for each release.
 */

/** The example programs a baseline holds, by directory under examples/. */
export const BASELINE_PROGRAMS = [
  "quickstart",
  "quickstart-yaml",
  "quickstart-python",
  "quickstart-go",
] as const;
export type BaselineProgram = (typeof BASELINE_PROGRAMS)[number];

/** The stacks' passphrase (the harness's, scripts/program-runner.js) and stack name. */
export const PASSPHRASE = "e2e-passphrase";
const STACK_NAME = "baseline";

/** Every secret the programs get, none of which may be in clear in a baseline. */
export const SECRETS = [JENKINS_PASSWORD, GIT_TOKEN, USERS.admin];

export const BASELINES_DIR = path.join(REPO_ROOT, "test", "fixtures", "baselines");

/** The emulator of a baseline: no seeded deployment resources (the examples need none), a small file. */
const EMULATOR = { port: 0, seedResources: 0 };

interface BaselineMeta {
  release: string;
  program: BaselineProgram;
  stackName: string;
  emulatorUrl: string;
}

/** A stack export: what this module reads of it. */
interface Exported {
  deployment: { secrets_providers?: { type: string; state?: { salt?: string } } };
}

const LANGUAGE: Record<BaselineProgram, Language | "typescript"> = {
  quickstart: "typescript",
  "quickstart-yaml": "yaml",
  "quickstart-python": "python",
  "quickstart-go": "go",
};

/** An example's stack on `emulator`, with the example's config; `close` disposes of it. */
async function openProgram(
  program: BaselineProgram,
  emulator: Emulator,
  stackName: string,
): Promise<{ stack: E2EStack; close: () => Promise<void> }> {
  const language = LANGUAGE[program];
  if (language !== "typescript") {
    const opened = await openExample(language, { emulator: emulator.running, stackName });
    return { stack: opened.stack, close: () => closeExample(opened) };
  }
  const stack = await openStack({
    program: "examples/quickstart",
    projectName: "aria-quickstart",
    emulator: emulator.running,
    stackName,
    config: {
      // http: the example pins no certificate, so that the baseline needs no TLS server of its own.
      jenkinsUrl: "http://jenkins.example.com",
      jenkinsPassword: { value: JENKINS_PASSWORD, secret: true },
      gitRepoUrl: "https://github.com/example/app.git",
      gitToken: { value: GIT_TOKEN, secret: true },
      "vra:validateEndpoints": "false",
    },
  });
  return { stack, close: () => stack.dispose() };
}

/** The key of the stack's passphrase secrets provider (its `v1:<salt>:<check>` state). */
export function stackKey(exported: Exported): Buffer {
  const provider = exported.deployment.secrets_providers;
  const salt = provider?.type === "passphrase" ? provider.state?.salt?.split(":")[1] : undefined;
  if (!salt) throw new Error("the stack export has no passphrase secrets provider");
  return crypto.pbkdf2Sync(PASSPHRASE, Buffer.from(salt, "base64"), 1_000_000, 32, "sha256");
}

/** Encrypts as Pulumi's symmetric crypter does: `v1:<nonce>:<ciphertext and tag>`, base64. */
export function encrypt(key: Buffer, text: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
}

/** The inverse of encrypt(); throws when the key is not the one that encrypted it. */
export function decrypt(key: Buffer, value: string): string {
  const [version, nonce, sealed] = value.split(":");
  if (version !== "v1" || !nonce || !sealed) throw new Error(`not an encrypted value: ${value.slice(0, 20)}`);
  const bytes = Buffer.from(sealed, "base64");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64"));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
    "utf8",
  );
}

interface DataFile {
  tokenSecret: string;
  endpoints: Array<{ type: string; properties: Record<string, unknown> }>;
}

/** The emulator's data file with its secrets passed through `change` (encrypt or decrypt). */
function mapSecrets(data: DataFile, change: (value: string) => string): DataFile {
  return {
    ...data,
    tokenSecret: change(data.tokenSecret),
    endpoints: data.endpoints.map((endpoint) => ({
      ...endpoint,
      properties: Object.fromEntries(
        Object.entries(endpoint.properties).map(([key, value]) => [
          key,
          typeof value === "string" && value !== "" && isSecret(tileFor(endpoint.type), key)
            ? change(value)
            : value,
        ]),
      ),
    })),
  };
}

/** The directory of one program's baseline of one release. */
export function baselineDir(release: string, program: BaselineProgram): string {
  return path.join(BASELINES_DIR, release, program);
}

/** The newest release that has baselines (by semver order). */
export function newestBaselineRelease(): string {
  const releases = fs.existsSync(BASELINES_DIR) ? fs.readdirSync(BASELINES_DIR) : [];
  const order = (v: string) => v.split(".").map(Number);
  const sorted = releases.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  const newest = sorted.at(-1);
  if (!newest) throw new Error(`no baselines in ${BASELINES_DIR}: run \`npm run baselines\``);
  return newest;
}

/** Runs the program's `up` on a fresh emulator and backend and writes its baseline of `release`. */
export async function writeBaseline(release: string, program: BaselineProgram): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aria-baseline-"));
  try {
    const dataFile = path.join(tmp, "emulator.json");
    const emulator = await Emulator.start({ ...EMULATOR, dataFile });
    let exported: Exported;
    let opened: { stack: E2EStack; close: () => Promise<void> } | undefined;
    try {
      opened = await openProgram(program, emulator, STACK_NAME);
      const up = await opened.stack.up();
      if (!up.ok) throw new Error(`pulumi up of ${program} failed: ${up.error}\n${up.stdout}`);
      exported = (await opened.stack.exportStack()) as Exported;
    } finally {
      await opened?.close();
      await emulator.close(); // writes the data file
    }
    const key = stackKey(exported);
    const data = JSON.parse(fs.readFileSync(dataFile, "utf8")) as DataFile;
    const meta: BaselineMeta = { release, program, stackName: STACK_NAME, emulatorUrl: emulator.url };
    const dir = baselineDir(release, program);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const write = (name: string, value: unknown) =>
      fs.writeFileSync(path.join(dir, name), `${JSON.stringify(value, null, 2)}\n`);
    write("baseline.json", meta);
    write("stack.json", exported);
    write(
      "emulator.json",
      mapSecrets(data, (value) => encrypt(key, value)),
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** A baseline restored: its stack imported into a fresh backend, on an emulator started on its data. */
export interface RestoredBaseline {
  stack: E2EStack;
  close(): Promise<void>;
}

/** Restores one program's baseline of `release` with the current build. */
export async function restoreBaseline(release: string, program: BaselineProgram): Promise<RestoredBaseline> {
  const dir = baselineDir(release, program);
  const read = (name: string) => fs.readFileSync(path.join(dir, name), "utf8");
  const meta = JSON.parse(read("baseline.json")) as BaselineMeta;
  const stackText = read("stack.json");
  const key = stackKey(JSON.parse(stackText) as Exported);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aria-baseline-"));
  const dataFile = path.join(tmp, "emulator.json");
  const data = mapSecrets(JSON.parse(read("emulator.json")) as DataFile, (value) => decrypt(key, value));
  fs.writeFileSync(dataFile, JSON.stringify(data));
  const emulator = await Emulator.start({ ...EMULATOR, dataFile });
  const close = async () => {
    await opened?.close();
    await emulator.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  let opened: { stack: E2EStack; close: () => Promise<void> } | undefined;
  try {
    opened = await openProgram(program, emulator, meta.stackName);
    const stackFile = path.join(tmp, "stack.json");
    fs.writeFileSync(stackFile, stackText.replaceAll(meta.emulatorUrl, emulator.url));
    const imported = await opened.stack.pulumi([
      "stack",
      "import",
      "--file",
      stackFile,
      "--stack",
      meta.stackName,
    ]);
    if (imported.code !== 0)
      throw new Error(`pulumi stack import failed: ${imported.stderr || imported.stdout}`);
    return { stack: opened.stack, close };
  } catch (error) {
    await close();
    throw error;
  }
}
