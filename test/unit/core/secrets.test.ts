import * as policy from "../../../provider/core/secrets";
import { TYPED_ENDPOINTS } from "../../../provider/registry/typed-endpoints";
import { allTiles, tileFor } from "../../../emulator/pipeline/tiles";

describe("the secrets policy", () => {
  it("makes a property secret by its tile's flag or type, by a known name, or by the user's choice", () => {
    expect(policy.isSecretProperty({ name: "url", tile: { type: "String", secret: true } })).toBe(true);
    expect(policy.isSecretProperty({ name: "url", tile: { type: "Password" } })).toBe(true);
    expect(policy.isSecretProperty({ name: "outboundPassword" })).toBe(true);
    expect(policy.isSecretProperty({ name: "url", declaredSecret: true })).toBe(true);
    expect(policy.isSecretProperty({ name: "url", tile: { type: "String" } })).toBe(false);
    expect(policy.isSecretByTile(undefined)).toBe(false);
  });

  it("knows the product's secret names, matched at the end of a name", () => {
    for (const name of [
      "password",
      "token",
      "privateToken",
      "privateKey",
      "passPhrase",
      "certKeyData",
      "apiKey",
    ]) {
      expect(policy.isSecretName(name)).toBe(true);
    }
    for (const name of ["url", "username", "userName", "certData", "fingerprint", "tokenUrl"]) {
      expect(policy.isSecretName(name)).toBe(false);
    }
  });

  it("takes neither a ${var.NAME} reference nor an empty string for a secret", () => {
    expect(policy.isVariableReference("${var.github-token}")).toBe(true);
    expect(policy.isVariableReference(" ${var.x} ")).toBe(true);
    expect(policy.isVariableReference("${var.}")).toBe(false);
    expect(policy.isNonSecretValue("")).toBe(true);
    expect(policy.isNonSecretValue("${var.x}")).toBe(true);
    expect(policy.isNonSecretValue("hunter22")).toBe(false);
    expect(policy.holdsSecret({ name: "password" }, "${var.x}")).toBe(false);
    expect(policy.holdsSecret({ name: "password" }, "")).toBe(false);
    expect(policy.holdsSecret({ name: "password" }, "hunter22")).toBe(true);
  });

  it("recognises the server's mask", () => {
    expect(policy.isMasked("*****")).toBe(true);
    expect(policy.isMasked("**")).toBe(false);
    expect(policy.isMasked(5)).toBe(false);
  });

  it("casts a wider net for text users see, and never flags a masked or empty value as shown", () => {
    expect(policy.isCredentialKey("credentialId")).toBe(true);
    expect(policy.isCredentialKey("url")).toBe(false);
    expect(policy.showsCredential("apiKeyId", "abc")).toBe(true);
    expect(policy.showsCredential("password", "*****")).toBe(false);
    expect(policy.showsCredential("password", "")).toBe(false);
    expect(policy.showsCredential("password", "${var.x}")).toBe(false);
    expect(policy.showsCredential("password", 5)).toBe(false);
  });

  it("agrees with every typed endpoint resource: its secret inputs are secrets, its plain ones are not", () => {
    for (const entry of TYPED_ENDPOINTS.values()) {
      const tile = tileFor(entry.type);
      const secrets = policy.tileSecretNames(tile?.inputProperties ?? {});
      for (const name of entry.secret)
        expect([entry.type, name, secrets.has(name)]).toEqual([entry.type, name, true]);
      for (const name of entry.plain)
        expect([entry.type, name, secrets.has(name)]).toEqual([entry.type, name, false]);
    }
  });

  it("agrees with the emulator's tiles: every property a tile flags secret is a secret by the policy", () => {
    for (const tile of allTiles()) {
      const secrets = policy.tileSecretNames(tile.inputProperties);
      for (const [name, property] of Object.entries(tile.inputProperties)) {
        if (property.secret)
          expect([tile.tileId, name, secrets.has(name)]).toEqual([tile.tileId, name, true]);
      }
    }
  });
});
