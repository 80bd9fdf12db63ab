import { CommandError, MissingToolError } from "../../../scripts/errors";
import { runChecked, runCommand } from "../../../scripts/run-command";

const node = process.execPath;

describe("running a command (scripts/run-command.js)", () => {
  it("resolves its exit code and its output, each stream and both as they came", async () => {
    const script = 'process.stdout.write("out\\n"); process.stderr.write("err\\n"); process.exit(3)';
    const seen: string[] = [];
    const result = await runCommand(node, ["-e", script], { onStderr: (chunk) => seen.push(chunk) });
    expect(result).toMatchObject({ code: 3, signal: null, stdout: "out\n", stderr: "err\n" });
    expect(result.output.split("\n").sort()).toEqual(["", "err", "out"]);
    expect(seen.join("")).toBe("err\n");
  });

  it("rejects a failed command with a CommandError naming it and ending with its output", async () => {
    const failed = runChecked(node, ["-e", 'console.error("broke"); process.exit(2)']);
    await expect(failed).rejects.toBeInstanceOf(CommandError);
    await expect(failed).rejects.toMatchObject({ code: 2, stderr: "broke\n" });
    await expect(failed).rejects.toThrow(/exited with 2:\nbroke$/);
  });

  it("says what to install when the command is not found and it is needed", async () => {
    const missing = runChecked("no-such-tool-here", [], { need: "to build the thing" });
    await expect(missing).rejects.toBeInstanceOf(MissingToolError);
    await expect(missing).rejects.toThrow(
      "no-such-tool-here is missing: install it and put it on PATH (no-such-tool-here is needed to build the thing)",
    );
    await expect(runCommand("no-such-tool-here", [])).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("runs in the directory and the environment given", async () => {
    const result = await runChecked(
      node,
      ["-e", "console.log(process.cwd(), process.env.RUN_COMMAND_TEST)"],
      {
        cwd: "/tmp",
        env: { ...process.env, RUN_COMMAND_TEST: "yes" },
      },
    );
    expect(result.stdout.trim()).toBe("/tmp yes");
  });
});
