import type { AriaClient } from "../../provider/client";

/**
 * Changes an endpoint on the server as a user in the UI would: the fields given, the rest as read
 * (the password, which the server answers masked, written again).
 */
export async function changeByHand(
  client: AriaClient,
  id: string,
  password: string,
  change: { description?: string; properties?: Record<string, unknown> },
): Promise<void> {
  const endpoint = await client.getEndpoint(id);
  await client.updateEndpoint(id, {
    name: endpoint.name,
    type: endpoint.type,
    project: endpoint.project ?? undefined,
    description: change.description ?? endpoint.description ?? undefined,
    properties: { ...endpoint.properties, ...change.properties, password },
  });
}
