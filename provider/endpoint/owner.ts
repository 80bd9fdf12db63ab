/**
 * Who made an endpoint: the mark a create leaves in the endpoint's description, so that a later
 * create of the same (project, name) can tell its own stack's work from another's.
 *
 * (project, name) is unique on the server, so a create that finds the name taken (a 409, or an
 * ambiguous answer followed by a lookup) must decide whether the endpoint there is its own: the
 * answer of its POST was lost, or an earlier run of the same stack was killed after the POST and
 * before the engine saved the state. Neither the engine nor the server says so: the engine keeps a
 * killed run's "pending create" in the stack's state but never hands it to a provider (an `up` only
 * warns about it, `refresh --import-pending-creates` needs the id), and the server's `createdBy` and
 * `createdAt` do not tell two stacks apart (teams share service accounts; CI runs overlap). So the
 * POST itself carries the owner: the description sent ends with {@link ownerMark} of the resource's
 * URN. A later create takes over an endpoint only when it bears the mark of the same URN; any
 * other (another stack's mark, or none: made by hand or by an older release) fails, naming the
 * endpoint and how to take it over on purpose. The mark lives until the endpoint's first update
 * (a PUT of the declared description, which a takeover also sends): by then the engine holds the
 * endpoint in the stack's state. Read and state never show it (see ./state.ts).
 */

const MARK = / \[pulumi: created for (\S+)\]$/;

/** The suffix a create adds to the description it sends: ` [pulumi: created for <owner>]`. */
export function ownerMark(owner: string): string {
  return ` [pulumi: created for ${owner}]`;
}

/** The description to POST: the declared one with the owner's mark (unchanged without an owner). */
export function withOwnerMark(description: string, owner: string | undefined): string {
  return owner === undefined ? description : `${description}${ownerMark(owner)}`;
}

/** The description without a create's owner mark. */
export function withoutOwnerMark(description: string): string;
export function withoutOwnerMark(description: string | undefined): string | undefined;
export function withoutOwnerMark(description: string | undefined): string | undefined {
  return description?.replace(MARK, "");
}

/** The owner a description's mark names, or undefined when it bears none. */
export function markedOwner(description: string | undefined | null): string | undefined {
  return description ? MARK.exec(description)?.[1] : undefined;
}
