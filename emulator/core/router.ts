import { badRequest } from "./http-error";
import type { RouteDef } from "./context";

type Segment = { literal: string } | { param: string };

interface CompiledRoute {
  segments: Segment[];
  literals: number;
  route: RouteDef;
}

/** The outcome of matching one request against the route table. */
export type RouteMatch =
  | { kind: "found"; route: RouteDef; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: string[]; template: string }
  | { kind: "not-found" };

function compile(template: string, route: RouteDef): CompiledRoute {
  const segments: Segment[] = template
    .split("/")
    .slice(1)
    .map((s) => (s.startsWith("{") && s.endsWith("}") ? { param: s.slice(1, -1) } : { literal: s }));
  return { segments, literals: segments.filter((s) => "literal" in s).length, route };
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest(`Malformed percent-encoding in path segment '${raw}'`);
  }
}

/** Splits a request path into segments, ignoring one trailing slash. */
function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.split("/").slice(1);
}

/**
 * Matches paths against route templates. Literal segments beat parameters, so
 * `/resources/filters` wins over `/resources/{id}`; parameters are percent-decoded per segment,
 * so names may contain spaces, slashes (as %2F) and any unicode.
 */
export class Router {
  private readonly bySegmentCount = new Map<number, CompiledRoute[]>();

  constructor(routes: readonly RouteDef[]) {
    for (const route of routes) {
      for (const template of [route.template, ...(route.aliases ?? [])]) {
        const compiled = compile(template, route);
        const bucket = this.bySegmentCount.get(compiled.segments.length) ?? [];
        bucket.push(compiled);
        bucket.sort((a, b) => b.literals - a.literals);
        this.bySegmentCount.set(compiled.segments.length, bucket);
      }
    }
  }

  /** Finds the route for a method and a (percent-encoded) path. */
  match(method: string, path: string): RouteMatch {
    const parts = splitPath(path);
    const candidates = this.bySegmentCount.get(parts.length) ?? [];
    let shapeMatch: { allowed: Set<string>; template: string; literals: number } | undefined;
    for (const candidate of candidates) {
      if (!candidate.segments.every((s, i) => !("literal" in s) || s.literal === parts[i])) continue;
      if (shapeMatch && candidate.literals < shapeMatch.literals) break;
      if (candidate.route.method === method) {
        const params: Record<string, string> = {};
        candidate.segments.forEach((s, i) => {
          if ("param" in s) params[s.param] = decodeSegment(parts[i]);
        });
        return { kind: "found", route: candidate.route, params };
      }
      shapeMatch ??= { allowed: new Set(), template: candidate.route.template, literals: candidate.literals };
      shapeMatch.allowed.add(candidate.route.method);
    }
    if (shapeMatch) {
      return {
        kind: "method-not-allowed",
        allowed: [...shapeMatch.allowed].sort(),
        template: shapeMatch.template,
      };
    }
    return { kind: "not-found" };
  }
}
