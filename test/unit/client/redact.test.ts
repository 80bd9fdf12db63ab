import fc from "fast-check";
import * as redact from "../../../provider/client/redact";

describe("redaction", () => {
  it("replaces every occurrence of a known secret, also URL-encoded and JSON-escaped", () => {
    const secret = 'pa ss"wörd/1';
    const text = `a ${secret} b ${encodeURIComponent(secret)} c ${JSON.stringify(secret)}`;
    const out = redact.redactValues(text, [secret]);
    expect(out).not.toContain(secret);
    expect(out).not.toContain(encodeURIComponent(secret));
    expect(out).not.toContain(JSON.stringify(secret).slice(1, -1));
  });

  it("does not let a replacement splice a secret back together", () => {
    const secret = "ab[RED";
    expect(redact.redactValues(`xab${secret}`, [secret])).not.toContain(secret);
    const looping = `aa${redact.REDACTED}bb`;
    expect(redact.redactValues(`aa${looping}bb`, [looping])).not.toContain(looping);
  });

  it("scrubs bearer tokens, JWTs and secret key-value pairs", () => {
    expect(redact.redactPatterns("Authorization: Bearer abc123")).toBe(
      `Authorization: Bearer ${redact.REDACTED}`,
    );
    expect(redact.redactPatterns("t=eyJhbGciOi.eyJzdWIi.sig")).toBe(`t=${redact.REDACTED}`);
    expect(redact.redactPatterns('{"refreshToken":"xyz","name":"ok"}')).toBe(
      `{"refreshToken":"${redact.REDACTED}","name":"ok"}`,
    );
    expect(redact.redactPatterns("password=hunter2&user=bob")).toBe(`password=${redact.REDACTED}&user=bob`);
  });

  it("leaves ordinary words that merely contain 'token' alone", () => {
    expect(redact.redactPatterns('{"tokenType":"Bearer"}')).toBe('{"tokenType":"Bearer"}');
  });

  it("ignores secrets too short to replace without shredding the text", () => {
    const redactor = new redact.Redactor();
    redactor.add("ab", undefined);
    expect(redactor.redact("about")).toBe("about");
  });

  it("finds the secret properties of a request body at any depth", () => {
    expect(
      redact.secretValuesIn({
        name: "ci",
        properties: { url: "https://x", password: "p1", nested: { privateKey: "k1" } },
      }),
    ).toEqual(["p1", "k1"]);
  });

  it("never returns text containing a registered secret (property)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 20 }), fc.array(fc.string()), (secret, fragments) => {
        const redactor = new redact.Redactor();
        redactor.add(secret);
        const text = fragments.join(secret);
        expect(redactor.redact(text)).not.toContain(secret);
      }),
      { numRuns: 1000 },
    );
  });
});
