// @ts-check
// The plugin door's program: ../endpoints/index.ts as a Pulumi YAML program on the `aria` plugin, with
// the same config. YAML cannot loop, so lib/engine-stack.mjs writes it from the config before each
// operation. The names are its own (`bench-plugin-endpoint-N`): on the shared server, the dynamic
// door's endpoints of the same names would be taken over by the plugin's create instead of created.

import { parse, stringify } from "yaml";

/** The Pulumi.yaml. @param {Record<string, string | undefined>} config the project's, by bare key */
export function programText(config) {
  const count = Number(config.count ?? "0");
  const changed = Number(config.changed ?? "-1");
  const revision = config.revision === undefined ? "" : ` revision ${config.revision}`;
  /** @type {Record<string, unknown>} */
  const resources = {};
  for (let i = 0; i < count; i++) {
    const properties = {
      project: "Default Project",
      name: `bench-plugin-endpoint-${i}`,
      type: "jenkins",
      description: `Benchmark endpoint ${i}${revision}`,
      properties: {
        url: `${config.targetUrl ?? ""}/jenkins/${i}`,
        username: "bench",
        folderPath: i === changed ? "/jobs/changed" : "/jobs",
      },
      secretProperties: { password: `bench-password-${i}` },
      ...(config.validate === undefined ? {} : { validate: parse(config.validate) }),
    };
    resources[`ep-${i}`] = { type: "aria:index:Endpoint", properties };
  }
  const plugins = { providers: [{ name: "aria", path: "./node_modules/.bin" }] };
  return stringify({ name: "bench", runtime: "yaml", plugins, resources, outputs: { endpoints: count } });
}
