/** Four tiers, selected with `jest --selectProjects <tier>`: unit (pure, no I/O),
 * integration (real client and provider against the emulator on port 0), e2e (the real
 * Pulumi engine and CLI) and faults (the real CLI against an emulator injecting 503s, 429s and
 * lost answers). What tiers share is in test/support/, which is in no project's roots: its files are
 * never collected as tests, and each tier reaches them by relative import (transformed by ts-jest). */
/* ts-jest transpiles each file on its own (test/tsconfig.json's isolatedModules), without type-checking
 * it: `npm run lint:types` type-checks every test and the sources they import once, where each jest
 * worker used to type-check them again for every file (a third of the unit tier's time). */
const tsJest = ["ts-jest", { tsconfig: "test/tsconfig.json", diagnostics: { warnOnly: false } }];

/** PULUMI_ARIA_SDK_DIR (a node_modules holding another @pulumi/pulumi release) makes the unit tier load
 * that release instead of the repository's: scripts/test.mjs runs the SDK contract test so on each
 * runtime leg. */
const sdkDir = process.env.PULUMI_ARIA_SDK_DIR;
const sdkMapper = sdkDir
  ? {
      "^@pulumi/pulumi$": `${sdkDir}/@pulumi/pulumi`,
      "^@pulumi/pulumi/(.*)$": `${sdkDir}/@pulumi/pulumi/$1`,
    }
  : {};

/** @type {import('jest').Config} */
module.exports = {
  // Per-project testTimeout is ignored by jest; e2e files raise it with jest.setTimeout.
  testTimeout: 120000,
  projects: [
    {
      displayName: "unit",
      testEnvironment: "node",
      roots: ["<rootDir>/test/unit"],
      transform: { "^.+\\.ts$": tsJest },
      moduleNameMapper: sdkMapper,
    },
    {
      displayName: "integration",
      testEnvironment: "node",
      roots: ["<rootDir>/test/integration"],
      transform: { "^.+\\.ts$": tsJest },
    },
    {
      displayName: "e2e",
      testEnvironment: "node",
      roots: ["<rootDir>/test/e2e"],
      transform: { "^.+\\.ts$": tsJest },
    },
    {
      displayName: "faults",
      testEnvironment: "node",
      roots: ["<rootDir>/test/faults"],
      transform: { "^.+\\.ts$": tsJest },
    },
  ],
};
