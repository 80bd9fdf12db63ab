import { createHash, randomBytes, randomUUID } from "node:crypto";

/** A fresh random uuid. */
export function newId(): string {
  return randomUUID();
}

/** A stable uuid derived from a label, so seed data is the same on every start. */
export function stableId(label: string): string {
  const h = createHash("sha256").update(`aria-emulator:${label}`).digest();
  h[6] = (h[6] & 0x0f) | 0x40;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A short request id like the ones Spring puts in error bodies. */
export function newRequestId(): string {
  return randomBytes(4).toString("hex");
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), for seed data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
