import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { mocksAreSet, reportedByMessage } from "../runtime/pulumi-internals";
import { programApiClient } from "../runtime/context";
import type { AriaClient } from "../client";
import { parseOrThrow } from "./check-failures";
import type { LookupOptions } from "./lookup-output";
import { typeToken } from "../core/tokens";
import { showsCredentialAnywhere } from "../core/secret-marks";

/*
 * One data function, declared once with `defineDataFunction` in the lookups file of its resource kind:
 * its name (the invoke token is `aria:index:<name>`), its arguments and result as zod (the plugin's
 * schema is generated from them, and the arguments are checked against them before the body runs,
 * whichever door calls it and under the mocks too), its description, and its body: what it does with
 * a client. The composition root (../registry) collects every definition a lookups file exports;
 * the plugin serves them by token (`serve`), a program runs them through `run`. Under
 * `pulumi.runtime.setMocks` a data function does not call the server: it invokes its token, and the
 * mocks' `call` answers, as for every provider's invokes. An invoke answers an object, so a data
 * function returning a list answers it under a key (`getEndpointTiles`: `{tiles}`).
 */

/** A data function's body: what it does with a client, whichever door calls it. */
export type DataFunctionBody<A, R> = (client: AriaClient, args: A) => Promise<R>;

/** What `defineDataFunction` takes. */
export interface DataFunctionDefinition<N extends string, A, R> {
  /** The function's name (`getEndpoint`), as programs and the SDKs call it. */
  readonly name: N;
  /** The arguments (none: it takes none), checked before the body runs. */
  readonly args: z.ZodType | undefined;
  /** The result: always an object (an invoke answers one). */
  readonly result: z.ZodType<R>;
  /** What it does, for the plugin's schema and the SDKs. */
  readonly description: string;
  /** What it does with a client and checked arguments. */
  readonly body: DataFunctionBody<A, R>;
  /** How a program's `getX`/`getXOutput` present it, where that differs from the convention. */
  readonly program?: ProgramForm;
}

/**
 * How the program functions of a data function (`getX` and `getXOutput`, generated from the registry
 * into ../dynamic/generated) present it. By convention they take `<Name>Args` and answer
 * `<Name>Result`, types generated from the arguments' and result's schemas
 * (../dynamic/generated/types.ts; a `resultType` the declaring module exports is imported from it);
 * the arguments may be left out when none is required, and a function without arguments takes only
 * its options.
 */
export interface ProgramForm {
  /** The type of the arguments, when not `<Name>Args`. */
  readonly argsType?: string;
  /** Whether the arguments may be left out (by default: when the schema requires none). */
  readonly argsOptional?: boolean;
  /** The type of the answer, when not `<Name>Result`. */
  readonly resultType?: string;
  /** The key of the invoke's result that the program function answers (an invoke answers an object). */
  readonly resultKey?: string;
  /** Further text of the Output form's doc comment. */
  readonly outputNote?: string;
}

const BRAND: unique symbol = Symbol.for("pulumi-aria.dataFunction");

/** A declared data function: its definition, its token, and how each door runs it. */
export interface DataFunction<
  N extends string = string,
  A = never,
  R = unknown,
> extends DataFunctionDefinition<N, A, R> {
  /** Marks a data function among a module's exports. */
  readonly [BRAND]: true;
  /** The invoke token, `aria:index:<name>`. */
  readonly token: `aria:index:${N}`;
  /**
   * Throws an error naming every argument that is not valid (`pulumi-aria: invalid arguments to
   * getEndpoint: top: ...`); the arguments themselves go on as given.
   */
  check(args: unknown): void;
  /**
   * Runs in a program: the body against the server with the program's client, or, under
   * `pulumi.runtime.setMocks`, an invoke of the token with the arguments as given, which the mocks'
   * `call` answers. The arguments are checked first either way.
   */
  run(args: A, opts?: LookupOptions): Promise<R>;
  /** Answers an invoke of the token (the plugin door): checks the arguments, then runs the body on `client`. */
  serve(client: AriaClient, args: Record<string, unknown>): Promise<R>;
  /**
   * Whether a result (or the part of it a program function answers) is secret: true when it shows a
   * credential in clear anywhere, by the secrets policy (../core/secrets.ts `showsCredential`). The one
   * rule of every data function, whichever door answers: the plugin marks each value of such a result
   * secret, a program's Output form the whole result.
   */
  secretResult(result: unknown): boolean;
}

/** Declares a data function (see the top of this file). */
export function defineDataFunction<const N extends string, A, R>(
  definition: DataFunctionDefinition<N, A, R>,
): DataFunction<N, A, R> {
  const { name, args: schema, body } = definition;
  const token = typeToken(name);
  const check = (args: unknown): void => {
    if (schema) parseOrThrow(schema, args ?? {}, name);
    else if (args !== undefined && args !== null && Object.keys(args).length > 0)
      throw new Error(`pulumi-aria: ${name} takes no arguments; remove ${Object.keys(args).join(", ")}.`);
  };
  return {
    ...definition,
    [BRAND]: true,
    token,
    check,
    async run(args, opts) {
      try {
        check(args);
        if (!mocksAreSet()) return await body(programApiClient(), args);
      } catch (error) {
        throw asProgramFailure(error);
      }
      // The SDK is loaded here, in the program process, and never by the plugin, which serves
      // data functions without it (its start-up and memory: docs/guides/large-stacks.md).
      const { runtime } = require("@pulumi/pulumi") as typeof pulumi;
      return (await runtime.invoke(token, args as pulumi.Inputs, opts)) as R;
    },
    async serve(client, args) {
      check(args);
      return body(client, args as A);
    },
    secretResult: showsCredentialAnywhere,
  };
}

/**
 * A failure of a lookup in a program as the language host should report it: one that says what to do
 * (a refused or failed API call, a setting missing, a server without the Pipelines service, invalid
 * arguments: all written for the user) by its message alone, not as an unhandled exception with a
 * stack; anything else, a fault of the package, keeps its stack for the bug report.
 */
function asProgramFailure(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  const forTheUser = typeof code === "string" || error.message.startsWith("pulumi-aria: ");
  return forTheUser ? reportedByMessage(error) : error;
}

/**
 * True for a value `defineDataFunction` made (how the composition root finds them among exports); its
 * result is an object, as an invoke answers.
 */
export function isDataFunction(value: unknown): value is DataFunction<string, never, object> {
  return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}
