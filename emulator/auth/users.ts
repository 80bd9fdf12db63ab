import type { Caller } from "../core/context";

/** A user the emulator accepts at login. */
export interface EmulatorUser {
  /** Login name. */
  username: string;
  /** Password for `POST /csp/gateway/am/api/login`. */
  password: string;
  /** Administrators may create, update and delete restricted endpoints (default false). */
  admin?: boolean;
  /** The user's fixed refresh token (default `<username>-refresh-token`). */
  refreshToken?: string;
}

/** The users every emulator knows unless `users` overrides them. */
export const DEFAULT_USERS: readonly EmulatorUser[] = [
  { username: "admin", password: "admin-password", admin: true, refreshToken: "admin-refresh-token" },
  {
    username: "developer",
    password: "developer-password",
    admin: false,
    refreshToken: "developer-refresh-token",
  },
];

/** Looks users up by credentials, refresh token and name. */
export class UserDirectory {
  private readonly byName = new Map<string, Required<EmulatorUser>>();
  private readonly byRefreshToken = new Map<string, Required<EmulatorUser>>();

  constructor(users: readonly EmulatorUser[]) {
    for (const u of users) {
      if (!u || typeof u.username !== "string" || typeof u.password !== "string" || u.username === "") {
        throw new Error("Each emulator user needs a non-empty string 'username' and a string 'password'");
      }
      const full: Required<EmulatorUser> = {
        username: u.username,
        password: u.password,
        admin: u.admin === true,
        refreshToken: u.refreshToken ?? `${u.username}-refresh-token`,
      };
      this.byName.set(full.username, full);
      this.byRefreshToken.set(full.refreshToken, full);
    }
  }

  /** The user with these credentials, if they are right. */
  authenticate(username: string, password: string): Required<EmulatorUser> | undefined {
    const user = this.byName.get(username);
    return user && user.password === password ? user : undefined;
  }

  /** The user owning a refresh token. */
  byRefresh(token: string): Required<EmulatorUser> | undefined {
    return this.byRefreshToken.get(token);
  }

  /** The caller for a user name still present in the directory. */
  caller(username: string): Caller | undefined {
    const user = this.byName.get(username);
    return user && { username: user.username, admin: user.admin };
  }
}
