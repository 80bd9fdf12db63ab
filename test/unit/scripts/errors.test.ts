import * as errors from "../../../scripts/errors";

/*
 * The classified failures of scripts/ (scripts/errors.js): each class's message and kind, and the
 * line describeFailure makes of it. These run errors.js itself, typed by its own JSDoc (allowJs in
 * test/tsconfig.json), so a field renamed there fails here at compile time.
 */
describe("the scripts' failure classes", () => {
  it("ScriptError carries a kind beside its message and is named after its class", () => {
    const err = new errors.ScriptError("pulumi up failed: boom", "operation failed");
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe("pulumi up failed: boom");
    expect(err.kind).toBe("operation failed");
    expect(err.name).toBe("ScriptError");
  });

  it("MissingToolError names what is missing and the remedy", () => {
    const err = new errors.MissingToolError("Node 24", "install Node.js 24 and put it on PATH");
    expect(err).toBeInstanceOf(errors.ScriptError);
    expect(err.name).toBe("MissingToolError");
    expect(err.kind).toBe("missing");
    expect(err.message).toBe("Node 24 is missing: install Node.js 24 and put it on PATH");
  });

  it("BuildError names what was built and ends with the build's output", () => {
    const err = new errors.BuildError("Pulumi CLI v3.274.1", "go: module not found");
    expect(err).toBeInstanceOf(errors.ScriptError);
    expect(err.name).toBe("BuildError");
    expect(err.kind).toBe("build failed");
    expect(err.message).toBe("building Pulumi CLI v3.274.1 failed:\ngo: module not found");
  });

  describe("CommandError", () => {
    it("gives the command, its exit code and the end of its stderr, and keeps the whole output", () => {
      const err = new errors.CommandError("pulumi up --yes", {
        code: 255,
        stdout: "some output",
        stderr: "error: x\n",
      });
      expect(err).toBeInstanceOf(errors.ScriptError);
      expect(err.name).toBe("CommandError");
      expect(err.kind).toBe("operation failed");
      expect(err.message).toBe("pulumi up --yes exited with 255:\nerror: x");
      expect(err).toMatchObject({
        command: "pulumi up --yes",
        code: 255,
        signal: null,
        stdout: "some output",
        stderr: "error: x\n",
      });
    });

    it("falls back to stdout, and says so when the command was killed", () => {
      const err = new errors.CommandError("npm pack", {
        code: null,
        signal: "SIGTERM",
        stdout: "npm notice",
      });
      expect(err.message).toBe("npm pack was killed by SIGTERM:\nnpm notice");
      expect([err.code, err.signal, err.stderr]).toEqual([null, "SIGTERM", ""]);
    });

    it("has no output part when the command printed nothing, and keeps only the last 30 lines", () => {
      expect(new errors.CommandError("go build", { code: 1 }).message).toBe("go build exited with 1");
      const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
      const err = new errors.CommandError("go build", { code: 1, stderr: lines.join("\n") });
      expect(err.message).toBe(`go build exited with 1:\n${lines.slice(10).join("\n")}`);
      expect(err.stderr).toBe(lines.join("\n"));
    });
  });

  it("lastLines keeps the last n lines (30 by default), trimmed", () => {
    expect(errors.lastLines("\na\nb\nc\n\n", 2)).toBe("b\nc");
    expect(errors.lastLines(Array.from({ length: 31 }, (_, i) => String(i)).join("\n"))).toMatch(
      /^1\n2\n.*\n30$/s,
    );
    expect(errors.lastLines("")).toBe("");
  });

  it("describeFailure prints the kind of a classified failure, and the message of any other", () => {
    expect(errors.describeFailure(new errors.MissingToolError("Go", "install Go >= 1.25"))).toBe(
      "missing: Go is missing: install Go >= 1.25",
    );
    expect(errors.describeFailure(new errors.BuildError("x", "out"))).toBe(
      "build failed: building x failed:\nout",
    );
    expect(errors.describeFailure(new errors.CommandError("npm ci", { code: 1 }))).toBe(
      "operation failed: npm ci exited with 1",
    );
    expect(errors.describeFailure(new Error("plain"))).toBe("plain");
    expect(errors.describeFailure("a string")).toBe("a string");
    expect(errors.describeFailure(undefined)).toBe("undefined");
  });
});
