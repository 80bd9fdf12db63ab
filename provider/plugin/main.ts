#!/usr/bin/env node
/*
 * `pulumi-resource-aria`: the provider plugin's entry point, started by the engine with its address
 * as the first argument. The npm package's bin (a launcher on the user's Node) and the single
 * executable (scripts/build-plugin.mjs, Node inside) both run this.
 */
import { servePlugin } from "./server";
import { packageSchema } from "./schema";

const { version } = require("../../../package.json") as { version: string };

let schemaText: string | undefined;

servePlugin(process.argv.slice(2), {
  version,
  schema: () => (schemaText ??= JSON.stringify(packageSchema(version))),
}).catch((error: unknown) => {
  process.stderr.write(`pulumi-resource-aria: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
