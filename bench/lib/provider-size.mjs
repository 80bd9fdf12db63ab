// The serialised provider (`__provider`) of every dynamic resource in an exported stack: its size
// in bytes and whether every resource carries the same text.

import { createHash } from "node:crypto";

/** `{resources, bytes: {min, max}, distinct, identical, byType}` over the resources of the deployment. */
export function providerSizes(exported) {
  const resources = (exported?.deployment?.resources ?? []).filter(
    (r) => typeof r.inputs?.__provider === "string" || typeof r.outputs?.__provider === "string",
  );
  const texts = resources.map((r) => r.inputs?.__provider ?? r.outputs.__provider);
  const sizes = texts.map((t) => Buffer.byteLength(t, "utf8"));
  const distinct = new Set(texts.map((t) => createHash("sha256").update(t).digest("hex"))).size;
  const byType = {};
  resources.forEach((r, i) => {
    byType[r.type] ??= { count: 0, bytes: sizes[i] };
    byType[r.type].count += 1;
  });
  return {
    resources: resources.length,
    bytes: { min: resources.length ? Math.min(...sizes) : 0, max: resources.length ? Math.max(...sizes) : 0 },
    distinct,
    identical: distinct <= 1,
    byType,
  };
}
