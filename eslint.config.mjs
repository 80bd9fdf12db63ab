import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

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
    // Door bookkeeping stays in the door: the hidden inputs a door keeps in the engine's inputs are
    // named in provider/dynamic/hidden-inputs.ts, and no other file of provider/ spells them. A kind
    // takes the program's inputs and, apart, a context (provider/core/kind.ts).
    files: ["provider/**/*.ts"],
    ignores: ["provider/dynamic/**"],
    rules: {
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
