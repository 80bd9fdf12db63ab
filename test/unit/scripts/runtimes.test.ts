import { LEGS, legNamed } from "../../../scripts/runtimes";

describe("the runtime legs (scripts/runtimes.js)", () => {
  it("finds a leg by name", () => {
    expect(legNamed("current")).toBe(LEGS.current);
    expect(legNamed("oldest").nodeMajor).toBe(22);
  });

  it("throws for an unknown leg, naming the legs there are", () => {
    expect(() => legNamed("nope")).toThrow("unknown runtime leg 'nope': use one of current, oldest");
  });
});
