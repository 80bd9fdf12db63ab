import { changeOf, detailedChanges } from "../../../provider/common/detailed-diff";
import { UNKNOWN } from "../../../provider/core/values";

describe("a kind's detailed diff", () => {
  it("tells an added, a deleted and an updated value apart, and the replacing variants", () => {
    expect(changeOf(undefined, "a", false)).toBe("add");
    expect(changeOf("a", null, false)).toBe("delete");
    expect(changeOf("a", "b", false)).toBe("update");
    expect(changeOf("a", "b", true)).toBe("update-replace");
    expect(changeOf(undefined, "a", true)).toBe("add-replace");
    expect(changeOf("a", undefined, true)).toBe("delete-replace");
  });

  it("sees no change between equal values or two absent ones, and a change in any unknown", () => {
    expect(changeOf({ a: [1] }, { a: [1] }, false)).toBeUndefined();
    expect(changeOf(undefined, null, false)).toBeUndefined();
    expect(changeOf("a", UNKNOWN, false)).toBe("update");
    expect(changeOf({ a: 1 }, { a: UNKNOWN }, false)).toBe("update");
  });

  it("goes into objects as deep as told, comparing arrays whole, and quotes keys as Pulumi does", () => {
    const old = { a: { b: 1, c: [1, 2] }, "x-y": 1 };
    const next = { a: { b: 2, c: [1, 3] }, "x-y": 2 };
    const options = { replaces: false };
    expect(detailedChanges(["p"], old, next, { ...options, depth: 2 })).toEqual({
      "p.a.b": "update",
      "p.a.c": "update",
      'p["x-y"]': "update",
    });
    expect(detailedChanges(["p"], old, next, { ...options, depth: 1 })).toEqual({
      "p.a": "update",
      'p["x-y"]': "update",
    });
    expect(detailedChanges(["p"], old, old, { ...options, depth: 2 })).toEqual({});
  });
});
