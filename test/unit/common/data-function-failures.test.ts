import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataFunction } from "../../../provider/common/data-function";
import { createApiError } from "../../../provider/client/errors";
import { PipelinesUnavailableError } from "../../../provider/client/generation";
import { resetRuntimeContext } from "../../../provider/runtime/context";

/*
 * How a lookup that fails in a program is reported: a failure written for the user (an API failure, a
 * setting missing, a server without the Pipelines service, invalid arguments) by its message alone,
 * as the language host reports a `pulumi.RunError`, keeping its class and fields; a fault of the
 * package with its stack. Outside Pulumi's mocks, as in a program run by the engine.
 */

const lookupFailingWith = (error: Error) =>
  defineDataFunction({
    name: "getFailure",
    args: z.object({ id: z.string() }),
    result: z.object({}),
    description: "fails",
    body: async () => {
      throw error;
    },
  });

afterEach(() => resetRuntimeContext());

describe("a lookup failing in a program", () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.VRA_URL = "https://vcfa.example.com";
    process.env.VRA_ACCESS_TOKEN = "a-token";
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it.each([
    [
      "an API failure",
      createApiError({ operation: "read resource", method: "GET", path: "/x", status: 404 }),
    ],
    ["VCF Automation 9's refusal", new PipelinesUnavailableError("https://vcfa.example.com", "9.0.1.0")],
  ])("is reported by its message alone: %s", async (_what, thrown) => {
    const error = await lookupFailingWith(thrown)
      .run({ id: "x" })
      .catch((e: unknown) => e);
    expect(error).toBe(thrown);
    expect(pulumi.RunError.isInstance(error)).toBe(true);
  });

  it("is reported by its message alone when its arguments are invalid", async () => {
    const error = await lookupFailingWith(new Error("unused"))
      .run({ id: 7 } as never)
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^pulumi-aria: invalid arguments to getFailure: id/);
    expect(pulumi.RunError.isInstance(error)).toBe(true);
  });

  it("is reported by its message alone when a setting is missing", async () => {
    delete process.env.VRA_URL;
    const error = await lookupFailingWith(new Error("unused"))
      .run({ id: "x" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "ConfigError" });
    expect(pulumi.RunError.isInstance(error)).toBe(true);
  });

  it("keeps its stack when it is a fault of the package", async () => {
    const fault = new TypeError("cannot read properties of undefined");
    const error = await lookupFailingWith(fault)
      .run({ id: "x" })
      .catch((e: unknown) => e);
    expect(error).toBe(fault);
    expect(pulumi.RunError.isInstance(error)).toBe(false);
  });
});
