import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { EmulatorUser } from "./auth/users";
import { EMULATED_PRODUCTS, type EmulatedProduct, type EmulatorOptions } from "./options";
import type { ProjectSeed } from "./state/projects";

/** Usage text of `aria-emulator --help`. */
export const USAGE = `Usage: aria-emulator [options]

Serves an emulation of the VMware Aria Automation pipeline-endpoint and deployment-resource APIs,
or of VMware Cloud Foundation (VCF) Automation 9's (--product vcf-automation-9).

Options:
  --product <name>         aria-automation-8 (default) or vcf-automation-9: /automation/config.json,
                           sign-in at POST /tm/oauth/tenant/<organization>/token, deployment and
                           IaaS project APIs; no Pipelines service and no 8.x logins (404)
  --organization <name>    an organization of vcf-automation-9 (repeatable; default vm-apps)
  --application-version <v>  the version vcf-automation-9 reports (default 9.0.1.0)
  --port <n>               port to listen on (default 8080; 0 picks a free port)
  --host <address>         interface to listen on (default 127.0.0.1)
  --data <file>            keep data in this JSON file across restarts (default: in memory)
  --token-ttl <seconds>    access-token lifetime (default 28800 = 8 hours; 3600 in vcf-automation-9)
  --request-delay-ms <n>   duration of asynchronous deployment requests (default 300)
  --seed-resources <n>     number of seeded deployment resources (default 300)
  --users <file>           JSON array of users [{username, password, admin?, refreshToken?}]
  --project <name>         also know this project (repeatable); besides Default Project, Platform, Payments
  --projects <file>        JSON array of projects to know: names or {name, id?, description?}
  --latency-ms <n>         answer every API request n ms after it arrives, a new connection's first
                           one n ms later still (2n over TLS): a server far away (default 0)
  --rate-limit <n>         accept n API requests per second, in bursts of up to n; beyond, 429 with
                           Retry-After (default 0: no limit)
  --tls-key <file>         serve https with this PEM private key (needs --tls-cert)
  --tls-cert <file>        serve https with this PEM certificate (needs --tls-key)
  --help                   show this help

Default users: admin / admin-password (administrator), developer / developer-password.
Prints "listening on <url>" once ready; stops cleanly on SIGINT or SIGTERM.`;

/** The default port of the command line (the library defaults to an ephemeral port). */
export const CLI_DEFAULT_PORT = 8080;

/** What the command line asks for. */
export type CliCommand = { kind: "help" } | { kind: "start"; options: EmulatorOptions };

function number(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n))
    throw new Error(`--${flag} expects a number, got '${value}'`);
  return n;
}

function readUsers(file: string): EmulatorUser[] {
  let users: unknown;
  try {
    users = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`--users: cannot read '${file}': ${(e as Error).message}`);
  }
  if (!Array.isArray(users)) throw new Error(`--users: '${file}' must hold a JSON array of users`);
  return users as EmulatorUser[];
}

function readProjects(file: string): (string | ProjectSeed)[] {
  let projects: unknown;
  try {
    projects = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`--projects: cannot read '${file}': ${(e as Error).message}`);
  }
  if (!Array.isArray(projects)) {
    throw new Error(
      `--projects: '${file}' must hold a JSON array of project names or {name, id?, description?}`,
    );
  }
  return projects as (string | ProjectSeed)[];
}

/** Parses command-line arguments (without `node` and the script); throws with a readable message. */
export function parseCli(argv: string[]): CliCommand {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      data: { type: "string" },
      "token-ttl": { type: "string" },
      "request-delay-ms": { type: "string" },
      "seed-resources": { type: "string" },
      users: { type: "string" },
      project: { type: "string", multiple: true },
      projects: { type: "string" },
      "tls-key": { type: "string" },
      "tls-cert": { type: "string" },
      "latency-ms": { type: "string" },
      "rate-limit": { type: "string" },
      product: { type: "string" },
      organization: { type: "string", multiple: true },
      "application-version": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return { kind: "help" };
  if ((values["tls-key"] === undefined) !== (values["tls-cert"] === undefined)) {
    throw new Error("--tls-key and --tls-cert must be given together");
  }
  if (values.product !== undefined && !EMULATED_PRODUCTS.includes(values.product as EmulatedProduct)) {
    throw new Error(`--product expects one of ${EMULATED_PRODUCTS.join(", ")}, got '${values.product}'`);
  }
  const options: EmulatorOptions = {
    port: number("port", values.port) ?? CLI_DEFAULT_PORT,
    ...(values.product !== undefined && { product: values.product as EmulatedProduct }),
    ...(values.organization !== undefined && { organizations: values.organization }),
    ...(values["application-version"] !== undefined && {
      applicationVersion: values["application-version"],
    }),
    ...(values.host !== undefined && { host: values.host }),
    ...(values.data !== undefined && { dataFile: values.data }),
    ...(values["token-ttl"] !== undefined && { tokenTtlSeconds: number("token-ttl", values["token-ttl"]) }),
    ...(values["request-delay-ms"] !== undefined && {
      requestDelayMs: number("request-delay-ms", values["request-delay-ms"]),
    }),
    ...(values["seed-resources"] !== undefined && {
      seedResources: number("seed-resources", values["seed-resources"]),
    }),
    ...(values["latency-ms"] !== undefined && { latencyMs: number("latency-ms", values["latency-ms"]) }),
    ...(values["rate-limit"] !== undefined && { rateLimit: number("rate-limit", values["rate-limit"]) }),
    ...(values.users !== undefined && { users: readUsers(values.users) }),
    ...((values.project !== undefined || values.projects !== undefined) && {
      projects: [
        ...(values.projects !== undefined ? readProjects(values.projects) : []),
        ...(values.project ?? []),
      ],
    }),
    ...(values["tls-key"] !== undefined &&
      values["tls-cert"] !== undefined && {
        tls: { key: readFileSync(values["tls-key"]), cert: readFileSync(values["tls-cert"]) },
      }),
  };
  return { kind: "start", options };
}
