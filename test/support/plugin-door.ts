/* eslint-disable @typescript-eslint/no-explicit-any -- the protocol's generated messages are untyped */
import { pluginService } from "../../provider/plugin/server";
import { providerProtocol } from "../../provider/runtime/pulumi-internals";

/**
 * The plugin door's gRPC service in this process, with the protocol whose messages it takes, and `call`
 * to call one of its unary methods as the engine would: the response, or an error with the details the
 * engine would show.
 */
export function inProcessPlugin() {
  const protocol = providerProtocol();
  const service = pluginService({ version: "0.0.0-test", schema: () => "{}" }, protocol);

  function call(method: keyof typeof service, request: any): Promise<any> {
    return new Promise((resolve, reject) =>
      (service[method] as any)({ request }, (error: any, response: any) =>
        error ? reject(new Error(error.details ?? String(error))) : resolve(response),
      ),
    );
  }

  return { protocol, service, call };
}
