import { ownerMark, readOwnerMark, withOwnerMark } from "../../../provider/client/owner-mark";
import { Endpoint, EndpointList } from "../../../provider/client/schemas";

const URN = "urn:pulumi:prod::team-a::aria:index:JenkinsEndpoint::ci";
const DYNAMIC_URN = "urn:pulumi:dev::team-a::pulumi-nodejs:dynamic/aria:Endpoint::ci";

/**
 * How every earlier release (since the mark came, 9078cc2 and c6bca7a) reads a description: its
 * parser, copied as it shipped. What this release writes must read the same with it.
 */
const EARLIER_MARK = / \[pulumi: created for (\S+)\]$/;
const earlierOwner = (description: string) => EARLIER_MARK.exec(description)?.[1];
const earlierDescription = (description: string) => description.replace(EARLIER_MARK, "");

describe("an endpoint's owner mark", () => {
  it("is appended to the declared description, and only when the owner is known", () => {
    expect(withOwnerMark("CI server", URN)).toBe(`CI server [pulumi: created for ${URN}]`);
    expect(withOwnerMark("", URN)).toBe(ownerMark(URN));
    expect(withOwnerMark("CI server", undefined)).toBe("CI server");
  });

  it("names its owner, and nothing when there is no mark", () => {
    expect(readOwnerMark(withOwnerMark("CI server", URN))).toEqual({
      description: "CI server",
      createdFor: URN,
    });
    expect(readOwnerMark(withOwnerMark("", URN))).toEqual({ description: "", createdFor: URN });
    expect(readOwnerMark("CI server")).toEqual({ description: "CI server" });
    expect(readOwnerMark("[pulumi: created for x] and then more")).toEqual({
      description: "[pulumi: created for x] and then more",
    });
  });

  it("comes off to give back the declared description exactly", () => {
    for (const declared of ["", "CI server", "  spaced  ", "ends with ]"]) {
      expect(readOwnerMark(withOwnerMark(declared, URN)).description).toBe(declared);
    }
  });

  it("is written as earlier releases read it, and read as they wrote it, by both doors' URNs", () => {
    for (const owner of [URN, DYNAMIC_URN]) {
      for (const declared of ["", "CI server", "  spaced  "]) {
        // What this release writes, read by an earlier one.
        const written = withOwnerMark(declared, owner);
        expect(earlierOwner(written)).toBe(owner);
        expect(earlierDescription(written)).toBe(declared);
        // What an earlier one wrote (the text its create POSTed, as a server stores it), read by this one.
        const stored = `${declared} [pulumi: created for ${owner}]`;
        expect(readOwnerMark(stored)).toEqual({ description: declared, createdFor: owner });
      }
    }
  });
});

describe("the client's endpoint answers", () => {
  const stored = (description: string | null) => ({
    id: "ep-1",
    name: "ci",
    type: "jenkins",
    description,
    properties: { url: "https://jenkins.example.com" },
    _link: "/pipeline/api/endpoints/ep-1",
  });

  it("carry the declared description, and the owner apart, wherever an endpoint is answered", () => {
    const marked = stored(`CI server [pulumi: created for ${URN}]`);
    expect(Endpoint.parse(marked)).toMatchObject({ description: "CI server", createdFor: URN });
    const list = EndpointList.parse({ links: [marked._link], documents: { [marked._link]: marked } });
    expect(list.documents[marked._link]).toMatchObject({ description: "CI server", createdFor: URN });
  });

  it("carry no owner for an endpoint without a mark, whose description stays as it is", () => {
    expect(Endpoint.parse(stored("made by hand"))).not.toHaveProperty("createdFor");
    expect(Endpoint.parse(stored("made by hand")).description).toBe("made by hand");
    expect(Endpoint.parse(stored(null)).description).toBe("");
  });
});
