/** Zod schemas of the API payloads: the single source of the client's types. */
export * from "./about";
export * from "./auth";
export * from "./certificate";
export * from "./common";
export * from "./endpoint";
export * from "./endpoint-export";
export * from "./error";
export * from "./filter";
export * from "./project";
export * from "./request";
export * from "./resource";
export * from "./tile";
export * from "./timestamp";
export * from "./validation";
