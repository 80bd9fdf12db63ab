/*
 * The engine floor: N dynamic resources with the endpoints program's inputs and config (`count`,
 * `targetUrl`, `changed`), whose provider calls nothing.
 */
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const targetUrl = config.require("targetUrl");
const changed = config.getNumber("changed") ?? -1;

/** Inputs without the engine's own fields (`__provider`). */
const own = ({ __provider, ...inputs }: Record<string, unknown>) => inputs;

const provider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async diff(_id, olds, news) {
    return { changes: JSON.stringify(own(olds)) !== JSON.stringify(own(news)) };
  },
  async create(inputs) {
    return { id: String(inputs.name), outs: own(inputs) };
  },
  async read(id, props) {
    return { id, props: own(props ?? {}), inputs: own(props ?? {}) };
  },
  async update(_id, _olds, news) {
    return { outs: own(news) };
  },
  async delete() {
    /* nothing to delete */
  },
};

class Trivial extends pulumi.dynamic.Resource {
  constructor(name: string, props: pulumi.Inputs) {
    super(provider, name, props, { additionalSecretOutputs: ["secretProperties"] }, "bench", "Trivial");
  }
}

for (let i = 0; i < count; i++) {
  new Trivial(`ep-${i}`, {
    project: "Default Project",
    name: `bench-endpoint-${i}`,
    type: "jenkins",
    description: `Benchmark endpoint ${i}`,
    properties: {
      url: `${targetUrl}/jenkins/${i}`,
      username: "bench",
      folderPath: i === changed ? "/jobs/changed" : "/jobs",
    },
    secretProperties: pulumi.secret({ password: `bench-password-${i}` }),
  });
}

export const resources = count;
