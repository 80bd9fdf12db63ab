/*
 * The floors of the package, checked by `npm run lint:layers`: the layer table of
 * docs/architecture.md, top to bottom. A file imports only from its own layer or a layer below it.
 * The tests have floors of their own: test/support under every tier, each tier apart from the
 * others, and the end-to-end tier reaching the provider as its users' code does.
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
    name: "test-support-below-the-tests",
    comment:
      "test/support is what every tier stands on (the emulator, the stack, the clock): it never imports a test or a tier's helpers",
    severity: "error",
    from: { path: "^test/support/" },
    to: { path: "^test/(unit|integration|e2e|faults)/" },
  },
  {
    name: "test-tiers-apart",
    comment:
      "each tier of test/ (unit, integration, e2e, faults) shares code with the others only through test/support: a helper two tiers use belongs there",
    severity: "error",
    from: { path: "^test/(unit|integration|e2e|faults)/" },
    to: { path: "^test/(unit|integration|e2e|faults)/", pathNot: "^test/$1/" },
  },
  {
    name: "no-test-file-imported",
    comment:
      "a test file is run, never imported: what two test files share is in a helper of their tier or in test/support",
    severity: "error",
    from: {},
    to: { path: "\\.test\\.ts$" },
  },
  {
    name: "e2e-through-public-modules",
    comment:
      "the end-to-end tier runs the package as users do: where it reads the provider's code (the client for changes made out of band, the registry's lists), it goes through the public surface or a folder's index.ts, never a door's or a layer's inner files",
    severity: "error",
    from: { path: "^test/e2e/" },
    to: { path: "^provider/", pathNot: "^provider/[a-z-]*/?index\\.ts$" },
  },
  {
    name: "e2e-programs-as-users-write-them",
    comment:
      "the programs of test/e2e/programs are users' programs: they import the installed packages (pulumi-aria, the SDKs), never the repository's files",
    severity: "error",
    from: { path: "^test/e2e/programs/" },
    to: { path: "^(provider|emulator|scripts|bench|test|sdk)/" },
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
