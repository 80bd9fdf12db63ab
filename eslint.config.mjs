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
        "{{file}} is generated: its first line is the header of scripts/gen-dynamic.js; edit the registry and run npm run gen:dynamic",
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

/** The hidden inputs the doors keep in the engine's inputs (provider/dynamic/hidden-inputs.ts). */
const DOOR_KEYS = ["__provider", "__owner", "movedSecrets"];

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
    ignores: ["provider/dynamic/**"],
    rules: {
      // Nor by the constants that hold them: outside the door a key is not named at all; a reader
      // takes what the door reads back (`kindInputs`, `checkedInputs`).
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/dynamic/hidden-inputs"],
              importNames: ["PROVIDER_KEY", "OWNER_KEY", "MOVED_SECRETS_KEY"],
              message:
                "a door's hidden-input key is named only in provider/dynamic/: use what the door reads back (kindInputs, checkedInputs)",
            },
          ],
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
);
