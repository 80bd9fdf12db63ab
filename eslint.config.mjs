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
 * The keys kept in the engine's inputs beside a kind's: the dynamic door's bookkeeping
 * (provider/dynamic/hidden-inputs.ts) and the note of the secrets `check` moved, which both doors
 * write and readers read back (provider/core/checked-inputs.ts).
 */
const DOOR_KEYS = ["__provider", "__owner", "movedSecrets"];

/** Their constants: outside the door a key is not named at all; a reader takes what is read back. */
const DOOR_KEY_IMPORTS = [
  {
    group: ["**/dynamic/hidden-inputs"],
    importNames: ["PROVIDER_KEY", "OWNER_KEY"],
    message:
      "a door's hidden-input key is named only in provider/dynamic/: use what the door reads back (kindInputs, ownerOf)",
  },
  {
    group: ["**/core/checked-inputs"],
    importNames: ["MOVED_SECRETS_KEY"],
    message:
      "the moved-secrets note is written and read through provider/core/checked-inputs.ts (withMovedSecrets, checkedInputs), never by its key",
  },
];

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
    // Door bookkeeping stays in the door: the hidden inputs a door keeps in the engine's inputs are
    // named in provider/dynamic/hidden-inputs.ts, and no other file of provider/ spells them. A kind
    // takes the program's inputs and, apart, a context (provider/core/kind.ts).
    files: ["provider/**/*.ts"],
    ignores: ["provider/dynamic/**", "provider/core/checked-inputs.ts"],
    rules: {
      // Nor by the constants that hold them.
      "no-restricted-imports": [
        "error",
        {
          patterns: DOOR_KEY_IMPORTS,
        },
      ],
      "no-restricted-syntax": [
        "error",
        ...DOOR_KEYS.flatMap((key) => {
          const message = `'${key}' is a door's hidden input: name it through provider/dynamic/hidden-inputs.ts (a kind never sees it)`;
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
        }),
      ],
    },
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
);
