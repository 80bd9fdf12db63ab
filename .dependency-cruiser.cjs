/*
 * The floors of the package, checked by `npm run lint:layers`: the layer table of
 * docs/architecture.md, top to bottom. A file imports only from its own layer or a layer below it.
 */

/** The layers of provider/, from the top (what users import) to the bottom (what everything uses). */
const LAYERS = [
  { name: "public surface", path: "^provider/index\\.ts$" },
  { name: "doors and tools", path: "^provider/(dynamic|plugin|export|reconcile|policy|preview-comment)/" },
  { name: "tool kit", path: "^provider/cli/" },
  { name: "registry", path: "^provider/registry/" },
  { name: "kinds", path: "^provider/(endpoint|deployment)/" },
  { name: "kit", path: "^provider/common/" },
  { name: "runtime", path: "^provider/runtime/" },
  { name: "client", path: "^provider/client/" },
  { name: "core", path: "^provider/core/" },
];

/** One rule per layer: nothing imports from a layer above it. */
const upward = LAYERS.slice(1).map((layer, i) => ({
  name: `no-upward-from-${layer.name.replace(/ /g, "-")}`,
  comment: `${layer.name} imports only from its own layer or below: not ${LAYERS.slice(0, i + 1)
    .map((above) => above.name)
    .join(", ")} (docs/architecture.md, "The layers")`,
  severity: "error",
  from: { path: layer.path },
  to: { path: LAYERS.slice(0, i + 1).map((above) => above.path) },
}));

const rules = [
  ...upward,
  {
    name: "core-without-pulumi",
    comment: "provider/core/ is what both doors serve: it never depends on @pulumi/pulumi",
    severity: "error",
    from: { path: "^provider/core/" },
    to: { path: "(^|/)node_modules/@pulumi/pulumi/" },
  },
  {
    name: "provider-file-in-a-layer",
    comment:
      "every file of provider/ belongs to a layer of the table (add a new folder to LAYERS and the docs)",
    severity: "error",
    from: { path: "^provider/", pathNot: LAYERS.map((layer) => layer.path) },
    to: {},
  },
  {
    name: "generated-surface-only-from-index",
    comment:
      "provider/dynamic/generated/ is the public surface scripts/gen-dynamic.js writes from the registry: only provider/index.ts exports it, and only the dynamic door's classes use its types: nothing else in the package builds on it",
    severity: "error",
    from: { path: "^provider/", pathNot: "^provider/(index\\.ts|dynamic/)" },
    to: { path: "^provider/dynamic/generated/" },
  },
  {
    name: "no-door-from-a-door-or-tool",
    comment:
      "each door and each tool stands on the layers below it: one door never imports the other, and a tool never imports a door (what both doors and the tools share, such as what the engine stores beside a kind's inputs, is in provider/core/: hidden-inputs.ts, checked-inputs.ts)",
    severity: "error",
    from: { path: "^provider/(dynamic|plugin|export|reconcile|policy|preview-comment)/" },
    to: { path: "^provider/(dynamic|plugin)/", pathNot: "^provider/$1/" },
  },
  {
    name: "generated-surface-from-the-registry-floor",
    comment:
      "the generated surface is made of declarations (the registry's floor and below) and the dynamic door's hand classes: it imports no other door or tool",
    severity: "error",
    from: { path: "^provider/dynamic/generated/" },
    to: { path: "^provider/(plugin|export|reconcile|policy|preview-comment)/" },
  },
  {
    name: "emulator-without-provider",
    comment: "the emulator is the provider's stand-in: it shares no code with what it is meant to catch",
    severity: "error",
    from: { path: "^emulator/" },
    to: { path: "^provider/" },
  },
  {
    name: "no-circular",
    comment: "no import cycles, of files or through them",
    severity: "error",
    from: {},
    to: { circular: true },
  },
];

module.exports = {
  forbidden: rules,
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "(^|/)dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
    },
  },
};
