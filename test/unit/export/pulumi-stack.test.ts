import { PulumiResult, RunPulumi, scrubbedTail } from "../../../provider/cli/pulumi";
import { setStackSecrets, StackConfigError, stdinOf } from "../../../provider/export/pulumi-stack";
import { rejectionOf } from "../../support/rejection";

/** A stand-in for the `pulumi` CLI: records each call and answers as `answer` says. */
function fakePulumi(answer: (args: readonly string[], input?: string) => Partial<PulumiResult> = () => ({})) {
  const calls: { args: readonly string[]; input?: string }[] = [];
  const run: RunPulumi = async (args, input) => {
    calls.push({ args, input });
    return { code: 0, stdout: "", stderr: "", ...answer(args, input) };
  };
  return { run, calls };
}

const VALUES = [
  { key: "ci-password", value: "s3cret one" },
  { key: "repo-privateKey", value: "-----BEGIN KEY-----\nabc\n-----END KEY-----\n" },
];

describe("setting a stack's secrets with the pulumi CLI", () => {
  it("makes the stack, then sets each value as a secret, on stdin only", async () => {
    const pulumi = fakePulumi();
    const result = await setStackSecrets({ run: pulumi.run, stack: "dev", values: VALUES });
    expect(result).toMatchObject({ created: true, keys: ["ci-password", "repo-privateKey"] });
    expect(pulumi.calls.map((c) => c.args.join(" "))).toEqual([
      "stack init dev --no-select --non-interactive",
      "config set --secret --stack dev --non-interactive ci-password",
      "config set --secret --stack dev --non-interactive repo-privateKey",
    ]);
    expect(pulumi.calls.slice(1).map((c) => c.input)).toEqual(VALUES.map((v) => stdinOf(v.value)));
    for (const { args } of pulumi.calls) {
      for (const { value } of VALUES) expect(args.join(" ")).not.toContain(value.trim());
    }
  });

  it("sends each value with one newline more, the one pulumi drops when it reads stdin", () => {
    expect(stdinOf("abc")).toBe("abc\n");
    expect(stdinOf("pem\n")).toBe("pem\n\n");
    expect(stdinOf("")).toBe("\n");
  });

  it("chooses a stack that exists already, and never removes it", async () => {
    const pulumi = fakePulumi((args) =>
      args[1] === "init"
        ? { code: 255, stderr: "error: stack 'organization/p/dev' already exists" }
        : args[0] === "config"
          ? { code: 1, stderr: "error: boom" }
          : {},
    );
    const error = await rejectionOf(setStackSecrets({ run: pulumi.run, stack: "dev", values: VALUES }));
    expect(error).toBeInstanceOf(StackConfigError);
    expect(error.message).toMatch(/existed before and is left as it was/);
    expect(pulumi.calls.map((c) => c.args.slice(0, 2).join(" "))).toEqual([
      "stack init",
      "stack --show-name",
      "config set",
    ]);
  });

  it("reports a stack it cannot make with pulumi's reason and what to run, and sets nothing", async () => {
    const pulumi = fakePulumi((args) =>
      args[0] === "stack"
        ? { code: 1, stderr: "error: passphrase must be set with PULUMI_CONFIG_PASSPHRASE" }
        : {},
    );
    const error = await rejectionOf(setStackSecrets({ run: pulumi.run, stack: "dev", values: VALUES }));
    expect(error.message).toMatch(/`pulumi stack init dev` failed \(exit 1\)/);
    expect(error.message).toMatch(/passphrase must be set/);
    expect(error.message).toMatch(/Nothing was written/);
    expect(pulumi.calls.some((c) => c.args[0] === "config")).toBe(false);
  });

  it("removes the stack it made when a value cannot be set, and scrubs the values from pulumi's output", async () => {
    const pulumi = fakePulumi((args, input) =>
      args.includes("repo-privateKey")
        ? { code: 2, stderr: `error: cannot store ${input} (or s3cret one)` }
        : {},
    );
    const error = await rejectionOf(setStackSecrets({ run: pulumi.run, stack: "dev", values: VALUES }));
    expect(error.message).toMatch(/`pulumi config set --secret repo-privateKey` failed \(exit 2\)/);
    expect(error.message).toMatch(/Stack dev, which this run created, was removed again/);
    for (const { value } of VALUES) expect(error.message).not.toContain(value.trim());
    expect(error.message).not.toContain("abc");
    expect(pulumi.calls.at(-1)?.args.join(" ")).toBe("stack rm dev --yes --force --non-interactive");
  });

  it("says so when removing the stack fails too", async () => {
    const pulumi = fakePulumi((args) =>
      args[0] === "config" ? { code: 1 } : args[1] === "rm" ? { code: 1, stderr: "error: locked" } : {},
    );
    const error = await rejectionOf(setStackSecrets({ run: pulumi.run, stack: "dev", values: VALUES }));
    expect(error.message).toMatch(/removing stack dev again failed.*\n.*locked\nRemove it yourself/);
  });

  it("undoes a stack it made on request (a later step failed), once", async () => {
    const pulumi = fakePulumi();
    const result = await setStackSecrets({ run: pulumi.run, stack: "dev", values: [] });
    await result.undo();
    await result.undo();
    expect(pulumi.calls.map((c) => c.args.slice(0, 2).join(" "))).toEqual(["stack init", "stack rm"]);
  });
});

describe("pulumi's output in a message", () => {
  it("is its last lines, scrubbed of every secret value", () => {
    const stderr = [...Array.from({ length: 20 }, (_, i) => `line ${i}`), "echo s3cret-value"].join("\n");
    const tail = scrubbedTail({ code: 1, stdout: "", stderr }, ["s3cret-value"], 3);
    expect(tail).toBe("line 18\nline 19\necho [REDACTED]");
  });

  it("falls back to stdout, then to a placeholder", () => {
    expect(scrubbedTail({ code: 1, stdout: "out", stderr: " \n" }, [])).toBe("out");
    expect(scrubbedTail({ code: 1, stdout: "", stderr: "" }, [])).toBe("(no output)");
  });
});
