/**
 * The deployment-resource kind of the provider core (../core/kind.ts), served by both doors: the
 * dynamic provider's stub (../dynamic) and the plugin. CRUD against the Deployment API:
 *
 * | method | HTTP                                                                  |
 * |--------|-----------------------------------------------------------------------|
 * | create | `POST /deployment/api/resources`, poll `GET /deployment/api/requests/{id}`, `GET /deployment/api/resources/{id}` |
 * | read   | `GET /deployment/api/resources/{id}?expand=project,deployment` (404: gone) |
 * | update | no API change (only the wait settings change in place); re-reads the resource |
 * | delete | `DELETE /deployment/api/deployments/{deploymentId}/resources/{id}`, poll its request (404: done) |
 * | list   | one page of `GET /deployment/api/resources` filtered (./listing.ts)     |
 *
 * `check` validates with the zod schema and, for a resource to create or change, once per process,
 * that signing in can work (`GET /automation/config.json`: VCF Automation 9 needs `organization`);
 * `diff` is pure (./diff.ts): every API input change replaces.
 */
import type {
  CheckFailure,
  CheckResult,
  CreateContext,
  CreateResult,
  ReadResult,
  ResourceKind,
} from "../core/kind";
import { AriaConfigError } from "../client/config-error";
import { isTerminalRequestStatus } from "../client/schemas";
import { providerApiClient, providerSettingValue } from "../runtime/context";
import { systemClock } from "../core/clock";
import { createDeploymentResource } from "./create";
import { diffDeploymentResource } from "./diff";
import { checkInputs, parseInputs } from "./check";
import { declaredInputs } from "../common/engine-inputs";
import { unlessNotFound } from "../client/errors";
import type { OperationDeps } from "./api";
import { deleteAndWait } from "./delete";
import { listResourcePage } from "./listing";
import { cancelRequest, settleMs, waitForDeploymentRequest } from "./requests";
import {
  importedInputsFromState,
  inputsFromState,
  isIncomplete,
  parseState,
  READ_EXPAND,
  settingsOf,
  stateFromServer,
} from "./state";

/**
 * The failure of every resource when signing in cannot work (VCF Automation 9 without
 * `organization`), told once per process; none when it can, or when the server cannot be asked (no
 * settings, no connection): the first operation that needs them fails then, as it did before this
 * check, and a preview of a server out of reach waits for it once, not once per resource.
 */
function signInCheck(deps: () => OperationDeps): () => Promise<CheckFailure | undefined> {
  let known: Promise<CheckFailure | undefined> | undefined;
  return () => {
    known ??= Promise.resolve()
      .then(() => deps().checkSignIn?.())
      .then(
        (issue) => issue && { property: "", reason: new AriaConfigError([issue]).message },
        () => undefined,
      );
    return known;
  };
}

/** Builds the kind over the given dependencies (tests inject a client, a clock, a reporter). */
export function deploymentResourceKind(deps: () => OperationDeps): ResourceKind {
  const signIn = signInCheck(deps);
  return {
    async check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<CheckResult> {
      const { inputs, failures } = checkInputs(news);
      // Only for what `up` would send to the server: the preview of an unchanged stack sends nothing.
      const changing =
        Object.keys(declaredInputs(olds)).length === 0 ||
        diffDeploymentResource(olds, news).changes !== false;
      const signInFailure = changing ? await signIn() : undefined;
      return { inputs, failures: signInFailure ? [...failures, signInFailure] : failures };
    },

    async diff(_id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
      return diffDeploymentResource(olds, news);
    },

    async create(inputs: Record<string, unknown>, context?: CreateContext): Promise<CreateResult> {
      // Only a door that can end it as awaiting stops waiting for an approval.
      const resolved = deps();
      const awaitAfterMs = context?.canAwait ? resolved.awaitApprovalAfterMs?.() : undefined;
      return createDeploymentResource(resolved, parseInputs(inputs), awaitAfterMs);
    },

    async read(id: string, props?: Record<string, unknown>): Promise<ReadResult> {
      const { api } = deps();
      const state = parseState(declaredInputs(props));
      const resource = await unlessNotFound(() => api.getResource(id, READ_EXPAND));
      if (resource === undefined) return {};
      let requestStatus = state.requestStatus;
      const requestId = state.requestId;
      if (isIncomplete(state) && requestId) {
        // A creation recorded as unfinished may have finished since: refresh its status.
        const request = await unlessNotFound(() => api.getRequest(requestId));
        requestStatus = request?.status ?? requestStatus;
      }
      const next = stateFromServer(resource, {
        settings: settingsOf(state),
        inputPropertyKeys: state.inputPropertyKeys,
        requestId,
        requestStatus,
      });
      // No state: an import, declared as a user would declare it.
      const imported = state.name === undefined && state.type === undefined;
      return {
        id: resource.id,
        props: next,
        inputs: imported ? importedInputsFromState(next) : inputsFromState(next),
      };
    },

    async update(id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
      // Reached when only the wait settings changed, or when the engine retries a creation recorded
      // as unfinished whose request has since succeeded: nothing to send, re-read the resource.
      const { api } = deps();
      const inputs = parseInputs(news);
      const state = parseState(declaredInputs(olds));
      const resource = await unlessNotFound(() => api.getResource(id, READ_EXPAND));
      if (resource === undefined) {
        throw new Error(
          `update ${inputs.type} '${inputs.name}': resource ${id} no longer exists on the server. ` +
            "Run `pulumi refresh` to drop it from the stack; the next `pulumi up` then creates it again.",
        );
      }
      return {
        outs: stateFromServer(resource, {
          settings: settingsOf(inputs),
          inputPropertyKeys: Object.keys(inputs.properties ?? {}),
          requestId: state.requestId,
          requestStatus: state.requestStatus,
        }),
      };
    },

    async delete(id: string, props: Record<string, unknown>): Promise<void> {
      const resolved = deps();
      const { api } = resolved;
      const state = parseState(declaredInputs(props));
      const settings = settingsOf(state);
      const what = `delete ${state.type ?? "resource"} '${state.name ?? id}'`;
      const requestId = state.requestId;
      if (isIncomplete(state) && requestId) {
        // Its creation may still run: a resource cannot be deleted under a running request.
        const request = await unlessNotFound(() => api.getRequest(requestId));
        if (request && !isTerminalRequestStatus(request.status)) {
          await cancelRequest(resolved, requestId, what);
          const settled = await waitForDeploymentRequest(
            resolved,
            requestId,
            what,
            settings,
            settleMs(settings),
          );
          if (settled.kind === "timeout") {
            // Deleting now would answer 404 while the request may still create the resource later.
            throw new Error(
              `${what}: its creation request ${requestId} is still ${settled.request.status ?? "running"} and ` +
                "could not be cancelled; the resource stays in the stack. Run the command again later.",
            );
          }
        }
      }
      let deploymentId = state.deploymentId;
      if (!deploymentId) {
        const resource = await unlessNotFound(() => api.getResource(id));
        if (resource === undefined) return;
        deploymentId = resource.deploymentId ?? undefined;
        if (!deploymentId) throw new Error(`${what}: the server reports no deployment for resource ${id}.`);
      }
      await deleteAndWait(resolved, { resourceId: id, deploymentId }, what, settings);
    },

    list: (query, window) => listResourcePage(deps().api, query, window),
  };
}

/** The kind of the provider process, on its client (from `configure` and the environment) and the real clock. */
export const deploymentResourceProvider: ResourceKind = deploymentResourceKind(() => {
  const client = providerApiClient();
  return {
    api: client,
    clock: systemClock,
    checkSignIn: () => client.checkSignIn(),
    awaitApprovalAfterMs: () => providerSettingValue("awaitApprovalAfter") * 1000,
  };
});
