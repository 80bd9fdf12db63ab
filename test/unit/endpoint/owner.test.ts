import { markedOwner, ownerMark, withOwnerMark, withoutOwnerMark } from "../../../provider/endpoint/owner";

const URN = "urn:pulumi:prod::team-a::aria:index:JenkinsEndpoint::ci";

describe("an endpoint's owner mark", () => {
  it("is appended to the declared description, and only when the owner is known", () => {
    expect(withOwnerMark("CI server", URN)).toBe(`CI server [pulumi: created for ${URN}]`);
    expect(withOwnerMark("", URN)).toBe(ownerMark(URN));
    expect(withOwnerMark("CI server", undefined)).toBe("CI server");
  });

  it("names its owner, and nothing when there is no mark", () => {
    expect(markedOwner(withOwnerMark("CI server", URN))).toBe(URN);
    expect(markedOwner(withOwnerMark("", URN))).toBe(URN);
    expect(markedOwner("CI server")).toBeUndefined();
    expect(markedOwner("[pulumi: created for x] and then more")).toBeUndefined();
    expect(markedOwner(null)).toBeUndefined();
  });

  it("comes off to give back the declared description exactly", () => {
    for (const declared of ["", "CI server", "  spaced  ", "ends with ]"]) {
      expect(withoutOwnerMark(withOwnerMark(declared, URN))).toBe(declared);
    }
    expect(withoutOwnerMark("made by hand")).toBe("made by hand");
    expect(withoutOwnerMark(undefined)).toBeUndefined();
  });
});
