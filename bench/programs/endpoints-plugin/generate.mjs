// @ts-check
// Benchmark program of the plugin door: the endpoints program (../endpoints/index.ts) as a Pulumi YAML
// program on the `aria` provider plugin, the same N endpoints with the same inputs. YAML has no loops,
// so the program is written from the stack's config before each operation (lib/engine-stack.mjs runs
// this module when a program directory holds it): `count`, `targetUrl`, `changed`, `validate`,
// `revision`, as for the endpoints program. The names are its own (`bench-plugin-endpoint-N`): the
// programs share one server, and the dynamic door's endpoints of the same names and inputs would be
// taken over by the plugin's create (a 409, then the endpoint found as sent) instead of created.

/**
 * The Pulumi.yaml of N endpoints.
 * @param {Record<string, string | undefined>} config the project's config, by bare key
 */
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
