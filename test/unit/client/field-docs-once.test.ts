import * as fs from "node:fs";
import * as path from "node:path";
import type { z } from "zod";
import type * as schemas from "../../../provider/client/schemas";
import type * as generated from "../../../provider/client/schemas/generated";
import { copiedDocs } from "../../support/copied-docs";

/*
 * A field's text is written once, in zod (`.describe()`, `.meta({ description })`): no hand doc comment
 * in provider/ repeats it. Editors read the docs of the types generated from the zod texts.
 */

const ROOT = path.resolve(__dirname, "../../..");

// ---- Compile-time: each generated payload type is the type its zod schema infers ----

/** True when A and B are mutually assignable (same keys, same optionality, same value types). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only for `true`. */
const holds = <T extends true>(): T | undefined => undefined;
holds<Same<generated.About, z.infer<typeof schemas.About>>>();
holds<Same<generated.ApiDescription, z.infer<typeof schemas.ApiDescription>>>();
holds<Same<generated.Certificate, z.infer<typeof schemas.Certificate>>>();
holds<Same<generated.DeploymentReference, z.infer<typeof schemas.DeploymentReference>>>();
holds<Same<generated.FilterEntry, z.infer<typeof schemas.FilterEntry>>>();
holds<Same<generated.Request, z.infer<typeof schemas.Request>>>();
holds<Same<generated.Resource, z.infer<typeof schemas.Resource>>>();
holds<Same<generated.ResourceFilter, z.infer<typeof schemas.ResourceFilter>>>();
holds<Same<generated.Tile, z.infer<typeof schemas.Tile>>>();
holds<Same<generated.TileProperty, z.infer<typeof schemas.TileProperty>>>();
// A wrong field type fails (so that the lines above can fail).
holds<Same<Same<generated.Tile, Omit<generated.Tile, "tileId"> & { tileId: number }>, false>>();

/** The hand-written TypeScript files under provider/. */
function handWritten(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : handWritten(full);
    return entry.name.endsWith(".ts") && entry.name !== "generated.ts" ? [full] : [];
  });
}

describe("field text written once", () => {
  it("no hand doc comment in provider/ repeats a .describe() or .meta() description", () => {
    const copies = handWritten(path.join(ROOT, "provider")).flatMap((file) =>
      copiedDocs(file, fs.readFileSync(file, "utf8")).map(
        (copy) => `${path.relative(ROOT, file)}:${copy.line} ${copy.name}: "${copy.text}"`,
      ),
    );
    expect(copies).toEqual([]);
  });

  it("finds a field's copied doc, a schema's and its type's, and leaves other docs alone", () => {
    const source = [
      'import { z } from "zod";',
      "/** A thing. */",
      "export const Thing = z",
      "  .looseObject({",
      "    /** Its id. */",
      '    id: z.string().nullish().describe("Its id."),',
      "    /** Kept: says more than the description. */",
      '    name: z.string().describe("Name."),',
      "    nested: z",
      "      .looseObject({",
      "        /** Inner. */",
      '        inner: z.number().describe("Inner."),',
      "      })",
      '      .describe("Nested."),',
      "  })",
      '  .meta({ id: "Thing", description: "A thing." });',
      "/** A thing. */",
      "export type Thing = z.infer<typeof Thing>;",
    ].join("\n");
    expect(copiedDocs("thing.ts", source).map(({ line, name }) => `${line} ${name}`)).toEqual([
      "3 Thing",
      "6 id",
      "12 inner",
      "18 Thing",
    ]);
  });
});
