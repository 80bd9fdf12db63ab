import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { createRequire } from "node:module";

const { GENERATED_HEADER, GENERATED_DIR } = createRequire(import.meta.url)("./scripts/gen-dynamic.js");

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
    files: [`provider/${GENERATED_DIR}/**`],
    plugins: { aria: { rules: { "generated-header": generatedHeader } } },
    rules: { "aria/generated-header": "error" },
  },
);
