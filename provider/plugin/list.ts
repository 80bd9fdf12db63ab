/* eslint-disable @typescript-eslint/no-explicit-any -- the generated protobuf messages are untyped here */
import type { ListedResource, ResourceKind } from "../core/kind";
import { containsUnknown, reveal, type PropertyMap } from "../core/values";
import { errorMessage } from "../common/api-failures";
import { providerSettingValue } from "../runtime/context";
import type { ProviderProtocol } from "../runtime/pulumi-internals";
import { mapFromWire } from "./wire";

/*
 * The plugin's `List` (what `pulumi do aria:index:<Type> list` calls): one page of a kind's listing
 * per call (../core/kind.ts `list`, over the server's pages), streamed as `{id, name}` results and
 * then, when more may remain, a continuation token the engine hands back for the next page. The
 * token says where the next page starts and how many were handed out, so `limit` holds across
 * pages whether the engine repeats the first call's limit (as the protocol says) or sends what is
 * left of it (as `pulumi do ... list --count` does). A query with unknowns is answered "computed".
 */

/** What a continuation token carries. */
interface Continuation {
  /** The resource type listed. */
  readonly token: string;
  /** Where the next page starts. */
  readonly skip: number;
  /** Resources handed out so far. */
  readonly returned: number;
  /** The first call's limit (0: none). */
  readonly limit: number;
}

/** What one `List` call answers. */
export type ListAnswer =
  { readonly computed: true } | { readonly items: readonly ListedResource[]; readonly continuation?: string };

/** One `List` call as the plugin receives it. */
export interface ListCall {
  readonly token: string;
  readonly query: PropertyMap;
  readonly limit: number;
  readonly pageSize: number;
  readonly continuationToken: string;
}

function encode(continuation: Continuation): string {
  return Buffer.from(JSON.stringify(continuation)).toString("base64url");
}

function decode(text: string, token: string): Continuation {
  let parsed: Partial<Continuation> | undefined;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Partial<Continuation>;
  } catch {
    parsed = undefined;
  }
  const whole = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  if (!parsed || parsed.token !== token || ![parsed.skip, parsed.returned, parsed.limit].every(whole)) {
    throw new Error(
      `the continuation token is not one the aria plugin gave for a ${token} listing; list again from the start.`,
    );
  }
  return parsed as Continuation;
}

/** Answers one `List` call of `kind` (the resource type `call.token`). */
export async function listOnce(kind: ResourceKind, call: ListCall): Promise<ListAnswer> {
  if (!kind.list) throw new Error(`the aria plugin cannot list ${call.token} resources.`);
  if (containsUnknown(call.query)) return { computed: true };
  const from = call.continuationToken === "" ? undefined : decode(call.continuationToken, call.token);
  const limit = call.limit > 0 ? call.limit : 0;
  const firstLimit = from ? from.limit : limit;
  const returned = from?.returned ?? 0;
  // What may still be handed out: the smaller of this call's limit and what the first call's leaves.
  const left = Math.min(limit > 0 ? limit : Infinity, firstLimit > 0 ? firstLimit - returned : Infinity);
  if (left <= 0) return { items: [] };
  const pageSize = call.pageSize > 0 ? call.pageSize : providerSettingValue("listPageSize");
  const top = Math.min(pageSize, left);
  const page = await kind.list(reveal<PropertyMap>(call.query), { skip: from?.skip ?? 0, top });
  const handedOut = returned + page.items.length;
  const more = page.next !== undefined && page.items.length > 0 && page.items.length < left;
  if (!more) return { items: page.items };
  return {
    items: page.items,
    continuation: encode({
      token: call.token,
      skip: page.next as number,
      returned: handedOut,
      limit: firstLimit,
    }),
  };
}

/** The gRPC `List` handler (server streaming) over the plugin's kinds. */
export function listHandler(protocol: ProviderProtocol, kindOf: (token: string) => ResourceKind) {
  const { grpc, messages } = protocol;
  return (call: any): void => {
    const request = call.request;
    const token: string = request.getToken();
    const listCall: ListCall = {
      token,
      query: mapFromWire(request.getQuery()?.toJavaScript?.() ?? {}),
      limit: Number(request.getLimit()),
      pageSize: Number(request.getPageSize()),
      continuationToken: request.getContinuationToken(),
    };
    Promise.resolve()
      .then(() => listOnce(kindOf(token), listCall))
      .then(
        (answer) => {
          if ("computed" in answer) {
            const response = new messages.ListResponse();
            response.setComputed(new messages.ListResponse.Computed());
            call.write(response);
          } else {
            for (const item of answer.items) {
              const result = new messages.ListResponse.Result();
              result.setId(item.id);
              result.setName(item.name);
              const response = new messages.ListResponse();
              response.setResult(result);
              call.write(response);
            }
            if (answer.continuation !== undefined) {
              const continuation = new messages.ListResponse.Continuation();
              continuation.setContinuationToken(answer.continuation);
              const response = new messages.ListResponse();
              response.setContinuation(continuation);
              call.write(response);
            }
          }
          call.end();
        },
        (error: unknown) => {
          const message = errorMessage(error);
          call.emit("error", { code: grpc.status.UNKNOWN, details: message, message });
        },
      );
  };
}
