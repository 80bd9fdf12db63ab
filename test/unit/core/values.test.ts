import * as pulumi from "@pulumi/pulumi";
import {
  containsSecret,
  containsUnknown,
  isSecret,
  reveal,
  Secret,
  secret,
  secretKeys,
  UNKNOWN,
} from "../../../provider/core/values";

describe("provider core values", () => {
  it("names the engine's own unknown sentinel", () => {
    expect(UNKNOWN).toBe(pulumi.runtime.unknownValue);
  });

  it("marks a value secret once, and never prints or serialises it", () => {
    const marked = secret(secret("hunter2"));
    expect(isSecret(marked)).toBe(true);
    expect(marked.value).toBe("hunter2");
    expect(String(marked)).toBe("[secret]");
    expect(JSON.stringify({ password: marked })).toBe('{"password":"[secret]"}');
  });

  it("reveals marks at any depth and leaves plain values alone", () => {
    const value = { a: new Secret({ b: [new Secret("x"), 1] }), c: null, d: [true] };
    expect(reveal(value)).toEqual({ a: { b: ["x", 1] }, c: null, d: [true] });
    expect(containsSecret(value)).toBe(true);
    expect(containsSecret(reveal(value))).toBe(false);
  });

  it("finds unknowns inside secrets", () => {
    expect(containsUnknown({ a: new Secret([UNKNOWN]) })).toBe(true);
    expect(containsUnknown({ a: new Secret(["x"]) })).toBe(false);
  });

  it("lists the keys of a bag whose values hold a secret", () => {
    expect(secretKeys({ url: "u", password: new Secret("p"), nested: { t: new Secret("t") } })).toEqual([
      "password",
      "nested",
    ]);
    expect(secretKeys(new Secret({ a: "x" }))).toEqual([]);
    expect(secretKeys(UNKNOWN)).toEqual([]);
  });
});
