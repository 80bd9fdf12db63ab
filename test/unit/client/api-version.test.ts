import { chooseApiVersion, PipelineApiVersion } from "../../../provider/client/api-version";
import { AriaConfigError } from "../../../provider/client/config-error";
import { createApiError } from "../../../provider/client/errors";

const about = {
  latestApiVersion: "2019-10-17",
  supportedApis: [{ apiVersion: "2019-10-17", documentationLink: "/doc" }, { apiVersion: "2019-01-01" }],
};

describe("pipeline API version", () => {
  it("uses the server's latest version when none is pinned", () => {
    expect(chooseApiVersion(about, undefined)).toBe("2019-10-17");
  });

  it("uses a pinned version the server supports", () => {
    expect(chooseApiVersion(about, "2019-01-01")).toBe("2019-01-01");
  });

  it("rejects a pinned version the server does not support, listing the supported ones", () => {
    expect(() => chooseApiVersion(about, "2030-01-01")).toThrow(AriaConfigError);
    expect(() => chooseApiVersion(about, "2030-01-01")).toThrow(
      /vra:apiVersion \(VRA_API_VERSION\) is 2030-01-01.*Supported versions: 2019-10-17, 2019-01-01/,
    );
  });

  it("names the setting in the plugin's namespace to a plugin user", () => {
    expect(() => chooseApiVersion(about, "2030-01-01", "aria")).toThrow(
      /^(?!.*vra:).*aria:apiVersion \(VRA_API_VERSION\) is 2030-01-01/s,
    );
  });

  it("asks the server once and caches the answer", async () => {
    const fetchAbout = jest.fn(async () => about);
    const version = new PipelineApiVersion(undefined, fetchAbout);
    expect(await Promise.all([version.get(), version.get()])).toEqual(["2019-10-17", "2019-10-17"]);
    expect(await version.get()).toBe("2019-10-17");
    expect(fetchAbout).toHaveBeenCalledTimes(1);
  });

  it("takes an /about answer fetched anyway instead of asking again", async () => {
    const fetchAbout = jest.fn(async () => about);
    const version = new PipelineApiVersion("2019-01-01", fetchAbout);
    version.prime(about);
    expect(await version.get()).toBe("2019-01-01");
    expect(fetchAbout).not.toHaveBeenCalled();
  });

  it("leaves an unsupported pinned version to be reported by the next call", async () => {
    const version = new PipelineApiVersion("2030-01-01", async () => about);
    version.prime(about);
    await expect(version.get()).rejects.toThrow(AriaConfigError);
  });

  it("asks again after a failure instead of remembering it", async () => {
    const fetchAbout = jest.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce(about);
    const version = new PipelineApiVersion(undefined, fetchAbout);
    await expect(version.get()).rejects.toThrow("down");
    expect(await version.get()).toBe("2019-10-17");
  });

  it("sends the pinned version unchecked, or none, to a server without /about", async () => {
    const notFound = createApiError({ operation: "read", method: "GET", path: "/about", status: 404 });
    expect(await new PipelineApiVersion("2019-10-17", async () => Promise.reject(notFound)).get()).toBe(
      "2019-10-17",
    );
    expect(
      await new PipelineApiVersion(undefined, async () => Promise.reject(notFound)).get(),
    ).toBeUndefined();
  });
});
