import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { createRequire } from "node:module";

const { GENERATED_HEADER, GENERATED_DIR, API_TYPES } = createRequire(import.meta.url)(
  "./scripts/gen-dynamic.js",
);

/**
 * Generated files are not edited by hand: each starts with the generator's header, and
 * test/unit/dynamic/generated.test.ts fails when one differs from what the registry generates.
 */
const generatedHeader = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      missing:
        "{{file}} is generated: its first line is the header of scripts/gen-dynamic.js; edit the registry and run npm run gen",
    },
  },
  create(context) {
    return {
      Program() {
        const first = context.sourceCode.lines[0];
        if (first !== GENERATED_HEADER)
          context.report({
            loc: { line: 1, column: 0 },
            messageId: "missing",
            data: { file: context.filename },
          });
      },
    };
  },
};

/**
 * The keys kept in the engine's inputs beside a kind's, each spelled in one module of the core: the
 * dynamic door's bookkeeping (provider/core/hidden-inputs.ts) and the note of the secrets `check`
 * moved, which both doors write and readers read back (provider/core/checked-inputs.ts).
 */
const DOOR_KEYS = [
  { key: "__provider", module: "provider/core/hidden-inputs.ts" },
  { key: "__owner", module: "provider/core/hidden-inputs.ts" },
  { key: "movedSecrets", module: "provider/core/checked-inputs.ts" },
];

/** The modules that spell a key, each its own. */
const SPELLING_MODULES = [...new Set(DOOR_KEYS.map(({ module }) => module))];

/** The dynamic door's key constants: named only in provider/dynamic/, the door that writes them. */
const HIDDEN_KEY_IMPORTS = {
  group: ["**/core/hidden-inputs"],
  importNames: ["PROVIDER_KEY", "OWNER_KEY"],
  message:
    "a door's hidden-input key is named only in provider/dynamic/: use what is read back (kindInputs, BOOKKEEPING_INPUTS)",
};

/** The moved-secrets note's key: named only where the note is taken out (provider/core/hidden-inputs.ts). */
const MOVED_KEY_IMPORTS = {
  group: ["**/core/checked-inputs", "./checked-inputs"],
  importNames: ["MOVED_SECRETS_KEY"],
  message:
    "the moved-secrets note is written and read through provider/core/checked-inputs.ts (withMovedSecrets, checkedInputs), never by its key",
};

/** Outside the door a key is not named at all by its constant; a reader takes what is read back. */
const DOOR_KEY_IMPORTS = [HIDDEN_KEY_IMPORTS, MOVED_KEY_IMPORTS];

/** The lint's selectors for one key spelled out, as a string, a template, a property or a member. */
function spelledKey({ key, module }) {
  const message = `'${key}' is kept by the doors beside a kind's inputs: name it through ${module} (a kind never sees it)`;
  const spelled = [
    { selector: `Literal[value=${JSON.stringify(key)}]`, message },
    { selector: `TemplateElement[value.raw=/${key}/]`, message },
  ];
  // `movedSecrets` is also the policy view's own field (provider/policy/endpoint-view.ts): only its
  // spelling as a key of the engine's inputs is the door's.
  if (key === "movedSecrets") return spelled;
  return [
    ...spelled,
    { selector: `Property > Identifier.key[name=${JSON.stringify(key)}]`, message },
    { selector: `MemberExpression > Identifier.property[name=${JSON.stringify(key)}]`, message },
  ];
}

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "coverage/**",
      ".demo/**",
      "bench/results/**",
      ".e2e/**",
      "examples/**/node_modules/**",
      // The generated SDKs (npm run gen:sdk); test/e2e/sdk-build.test.ts compiles them.
      "sdk/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    files: [`provider/${GENERATED_DIR}/**`, API_TYPES],
    plugins: { aria: { rules: { "generated-header": generatedHeader } } },
    rules: { "aria/generated-header": "error" },
  },
  {
    // What the doors keep beside a kind's inputs is spelled in one module of the core each
    // (DOOR_KEYS), and no other file of provider/ spells it, the doors included. A kind takes the
    // program's inputs and, apart, a context (provider/core/kind.ts).
    files: ["provider/**/*.ts"],
    ignores: SPELLING_MODULES,
    rules: { "no-restricted-syntax": ["error", ...DOOR_KEYS.flatMap(spelledKey)] },
  },
  // Each of those modules spells its own keys and no other.
  ...SPELLING_MODULES.map((module) => ({
    files: [module],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...DOOR_KEYS.filter((key) => key.module !== module).flatMap(spelledKey),
      ],
    },
  })),
  {
    // Nor by the constants that hold them: the hidden keys' outside the dynamic door, the note's
    // outside the module that takes it out.
    files: ["provider/**/*.ts"],
    ignores: ["provider/dynamic/**", "provider/core/hidden-inputs.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: DOOR_KEY_IMPORTS }] },
  },
  {
    files: ["provider/dynamic/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [MOVED_KEY_IMPORTS] }] },
  },
  {
    // The layers: a policy reads what an analyzer is given through the core (its CheckedInputs) and
    // the registry, never through a door: nothing of provider/dynamic/ or provider/plugin/ is imported.
    files: ["provider/policy/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...DOOR_KEY_IMPORTS,
            {
              group: ["**/dynamic", "**/dynamic/**", "**/plugin", "**/plugin/**"],
              message:
                "provider/policy/ reads endpoints through the core (core/checked-inputs.ts, CheckedInputs), never through a door (provider/dynamic/, provider/plugin/)",
            },
          ],
        },
      ],
    },
  },
  {
    // The end-to-end and fault tiers start the emulator through test/support/emulator.ts (Emulator,
    // useEmulator), whose client and operations they use, never by hand.
    files: ["test/e2e/**/*.ts", "test/faults/**/*.ts", "test/soak/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/emulator", "**/emulator/index"],
              importNames: ["startEmulator"],
              message:
                "start the emulator with Emulator.start() or useEmulator() of test/support/emulator.ts, which also give its client and operations",
            },
          ],
        },
      ],
    },
  },
);
