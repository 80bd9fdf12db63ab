/**
 * The owner mark: how a create records on the server whom it made an endpoint for, and the one place
 * that reads it back. The client writes it into the description a create POSTs
 * (`createEndpoint(spec, createdFor)`) and takes it out of every endpoint the server answers (the
 * `Endpoint` schema, ./schemas/endpoint.ts): above the client an endpoint's `description` is the
 * declared one, and `createdFor` names the resource its create marked it for. Nothing else in the
 * provider parses descriptions.
 *
 * Why a mark (../endpoint/create.ts decides what it means): (project, name) is unique on the server,
 * so a create that finds the name taken (a 409, or an ambiguous answer followed by a lookup) must
 * decide whether the endpoint there is its own: the answer of its POST was lost, or an earlier run of
 * the same stack was killed after the POST and before the engine saved the state. Neither the engine
 * nor the server says so (the server's `createdBy` and `createdAt` do not tell two stacks apart: teams
 * share service accounts, CI runs overlap), so the POST itself carries the owner: the description sent
 * ends with {@link ownerMark} of the resource's URN. The mark lives until the endpoint's first update
 * (a PUT of the declared description).
 *
 * The format is stored on servers by every release since the mark was introduced, and read by each:
 * it never changes.
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

/** A stored description, read: the declared description, and the owner its mark names (if any). */
export interface ReadDescription {
  readonly description: string;
  readonly createdFor?: string;
}

/** Splits a stored description into the declared one and the owner its mark names. */
export function readOwnerMark(stored: string): ReadDescription {
  const match = MARK.exec(stored);
  return match
    ? { description: stored.slice(0, match.index), createdFor: match[1] }
    : { description: stored };
}
