/**
 * The program runner for the tests: Pulumi programs run as users run them (the `pulumi` CLI in a
 * program directory, pulumi-aria installed from its packed tarball), or through the Automation API.
 * It lives in scripts/program-runner.js because the demo and the benchmarks run it under plain
 * Node; its types come from that file's JSDoc.
 */
export {
  packPackage,
  prepareProgram,
  PulumiCli,
  runAutomationOp,
  summaryOf,
  userInstall,
  type CliResult,
  type ConfigValue,
  type Pack,
} from "../../scripts/program-runner";
