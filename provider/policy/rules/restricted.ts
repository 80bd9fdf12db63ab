import type { EndpointPolicy } from "../endpoint-policy";
import { describeView, EndpointView } from "../endpoint-view";

/**
 * A restricted endpoint (`isRestricted: true`), reported so that reviewers see it: a pipeline that
 * uses it stops at that task when a non-administrator runs it, until an administrator resumes it, and
 * only administrators can change the endpoint. Advisory: restriction is often intended.
 */
export const restricted: EndpointPolicy = {
  name: "aria-endpoint-restricted",
  description:
    "Restricted endpoints stop pipelines run by non-administrators at the tasks that use them, until an administrator resumes them.",
  enforcementLevel: "advisory",
  violations(view: EndpointView): string[] {
    if (view.isRestricted !== true) return [];
    return [
      `${describeView(view)}: isRestricted is true. Pipelines that use this endpoint stop at its tasks when a ` +
        `non-administrator runs them, until an administrator resumes them, and only an administrator can ` +
        `create, update or delete it (this stack's credentials must be an administrator's). If that is not ` +
        `intended, set isRestricted: false.`,
    ];
  },
};
