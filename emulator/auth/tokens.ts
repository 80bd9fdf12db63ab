import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { REAL_TIME, type EmulatorClock } from "../core/clock";

/** The outcome of checking a bearer token. */
export type TokenCheck = { ok: true; username: string } | { ok: false; reason: "invalid" | "expired" };

const b64url = (data: Buffer | string): string => Buffer.from(data).toString("base64url");

/**
 * Issues and checks access tokens: HS256 JWTs signed with a per-instance secret. The secret is
 * persisted with the data file, so tokens survive a restart like they do on the real server.
 */
export class TokenService {
  // Verified tokens (token → user and expiry), so hot paths skip the HMAC; bounded.
  private readonly verified = new Map<string, { username: string; expMs: number }>();

  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
    /** What issuing and expiry read the time from. */
    private readonly clock: EmulatorClock = REAL_TIME,
  ) {}

  /** A new random signing secret. */
  static newSecret(): Buffer {
    return randomBytes(32);
  }

  /** Access-token lifetime in seconds. */
  get ttl(): number {
    return this.ttlSeconds;
  }

  /** Issues an access token for a user, valid for the configured lifetime. */
  issue(username: string): string {
    const nowMs = this.clock.now();
    const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
    const payload = b64url(
      JSON.stringify({
        iss: "aria-emulator",
        sub: username,
        iat: Math.floor(nowMs / 1000),
        // Whole seconds, as the product issues them (Go clients decode `exp` as an int64). Rounded up,
        // so a token lives at least the configured lifetime, and at most a second longer.
        exp: Math.ceil((nowMs + this.ttlSeconds * 1000) / 1000),
        jti: randomBytes(8).toString("hex"),
      }),
    );
    return `${header}.${payload}.${this.sign(`${header}.${payload}`)}`;
  }

  /** Checks signature and expiry of a token. */
  verify(token: string): TokenCheck {
    const known = this.verified.get(token);
    if (known) {
      return known.expMs <= this.clock.now()
        ? { ok: false, reason: "expired" }
        : { ok: true, username: known.username };
    }
    const claims = this.claimsOf(token);
    if (!claims) return { ok: false, reason: "invalid" };
    if (this.verified.size >= 1000) this.verified.clear();
    this.verified.set(token, claims);
    return this.verify(token);
  }

  /** The user and expiry of a well-signed token. */
  private claimsOf(token: string): { username: string; expMs: number } | undefined {
    const parts = token.split(".");
    if (parts.length !== 3) return undefined;
    const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let claims: { sub?: unknown; exp?: unknown };
    try {
      claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    } catch {
      return undefined;
    }
    if (typeof claims.sub !== "string" || typeof claims.exp !== "number") return undefined;
    return { username: claims.sub, expMs: claims.exp * 1000 };
  }

  private sign(data: string): string {
    return createHmac("sha256", this.secret).update(data).digest("base64url");
  }
}
