// @ts-check
// The plugin door's program: ../endpoints/index.ts as a Pulumi YAML program on the `aria` plugin, with
// the same config. YAML cannot loop, so lib/engine-stack.mjs writes it from the config before each
// operation. The names are its own (`bench-plugin-endpoint-N`): on the shared server, the dynamic
// door's endpoints of the same names would be taken over by the plugin's create instead of created.

/** The Pulumi.yaml. @param {Record<string, string | undefined>} config the project's, by bare key */
export function programText(config) {
  const count = Number(config.count ?? "0");
  const targetUrl = config.targetUrl ?? "";
  const changed = Number(config.changed ?? "-1");
  const revision = config.revision;
  const lines = [
    "name: bench",
    "runtime: yaml",
    "plugins:",
    "  providers:",
    "    - name: aria",
    "      path: ./node_modules/.bin",
    "resources:",
  ];
  for (let i = 0; i < count; i++) {
    lines.push(
      `  ep-${i}:`,
      "    type: aria:index:Endpoint",
      "    properties:",
      '      project: "Default Project"',
      `      name: bench-plugin-endpoint-${i}`,
      "      type: jenkins",
      `      description: "Benchmark endpoint ${i}${revision === undefined ? "" : ` revision ${revision}`}"`,
      "      properties:",
      `        url: "${targetUrl}/jenkins/${i}"`,
      "        username: bench",
      `        folderPath: ${i === changed ? "/jobs/changed" : "/jobs"}`,
      "      secretProperties:",
      `        password: bench-password-${i}`,
      ...(config.validate === undefined ? [] : [`      validate: ${config.validate}`]),
    );
  }
  lines.push("outputs:", `  endpoints: ${count}`);
  return `${lines.join("\n")}\n`;
}
