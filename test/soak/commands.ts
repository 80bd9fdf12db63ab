import fc from "fast-check";
import { Declared, KINDS, Kind, Model, PROJECTS } from "./model";
import { Real, Tally } from "./real";

/*
 * The soak's commands (test/soak): each changes the model and the real stack alike (a program edit
 * then a preview and `up`, the server changed by hand then `up --refresh`, faults switched, an `up` killed), then
 * checks the invariants (Real.check). Each is plain data ({kind, ...}) so that a history can be
 * written to a replay file and read back (fromJson).
 */

export type Step =
  | { kind: "add"; endpoint: Kind; name: number; project: number; password: string; isRestricted: boolean }
  | { kind: "remove"; at: number }
  | { kind: "describe"; at: number; text: string }
  | { kind: "rotate"; at: number; password: string }
  | { kind: "restrict"; at: number }
  | { kind: "move"; at: number }
  | { kind: "rename"; at: number; name: number }
  | { kind: "serverEdit"; at: number; text: string }
  | { kind: "serverDelete"; at: number }
  | { kind: "faults"; on: boolean }
  | { kind: "kill"; after: number; add: number; password: string };

/** The endpoint `at` designates in the model (modulo the number declared). */
function pick(model: Model, at: number): Declared {
  return model.endpoints[at % model.endpoints.length];
}

function endpointName(n: number): string {
  return `soak${n}`;
}

/** Replaces the declared endpoint `d` by `next` in the model. */
function replace(model: Model, d: Declared, next: Declared): void {
  model.endpoints = model.endpoints.map((e) => (e === d ? next : e));
}

/** Whether a step can run on this model (fast-check skips the others). */
export function applicable(step: Step, model: Model): boolean {
  // A new name is neither an endpoint's nor a resource's (a renamed endpoint keeps its resource's).
  const names = new Set(model.endpoints.flatMap((e) => [e.name, e.resource]));
  switch (step.kind) {
    case "add":
      return model.endpoints.length < 5 && !names.has(endpointName(step.name));
    case "kill":
      return model.endpoints.length < 5 && !names.has(endpointName(step.add));
    case "rename":
      return model.endpoints.length > 0 && !names.has(endpointName(step.name));
    case "faults":
      return step.on !== model.faults;
    default:
      return model.endpoints.length > 0;
  }
}

/** Runs one step on the model and the real stack, then the invariants. */
export async function runStep(step: Step, model: Model, real: Real): Promise<void> {
  const tally: Tally = real.tally;
  tally.steps[step.kind] = (tally.steps[step.kind] ?? 0) + 1;
  switch (step.kind) {
    case "add": {
      model.endpoints = [
        ...model.endpoints,
        {
          kind: step.endpoint,
          resource: endpointName(step.name),
          name: endpointName(step.name),
          project: PROJECTS[step.project % PROJECTS.length],
          description: `soak endpoint ${step.name}`,
          password: step.password,
          isRestricted: step.isRestricted,
        },
      ];
      model.secrets.add(step.password);
      await real.converge(model);
      break;
    }
    case "remove": {
      const d = pick(model, step.at);
      model.endpoints = model.endpoints.filter((e) => e !== d);
      await real.converge(model);
      break;
    }
    case "describe": {
      const d = pick(model, step.at);
      replace(model, d, { ...d, description: step.text });
      await real.converge(model);
      break;
    }
    case "rotate": {
      const d = pick(model, step.at);
      replace(model, d, { ...d, password: step.password });
      model.secrets.add(step.password);
      await real.converge(model);
      break;
    }
    case "restrict": {
      const d = pick(model, step.at);
      replace(model, d, { ...d, isRestricted: !d.isRestricted });
      await real.converge(model);
      break;
    }
    case "move": {
      const d = pick(model, step.at);
      replace(model, d, {
        ...d,
        project: PROJECTS[(PROJECTS.indexOf(d.project as never) + 1) % PROJECTS.length],
      });
      await real.converge(model);
      break;
    }
    case "rename": {
      // The endpoint's name on the server, its resource's name unchanged.
      const d = pick(model, step.at);
      replace(model, d, { ...d, name: endpointName(step.name) });
      await real.converge(model);
      break;
    }
    case "serverEdit":
      await real.editOnServer(model, pick(model, step.at), step.text);
      await real.converge(model, { refresh: true });
      break;
    case "serverDelete":
      await real.deleteOnServer(model, pick(model, step.at));
      await real.converge(model, { refresh: true });
      break;
    case "faults":
      model.faults = step.on;
      await real.setFaults(step.on);
      break;
    case "kill": {
      // Work for the killed run: a new endpoint and a new description for every declared one.
      model.endpoints = [
        ...model.endpoints.map((e) => ({ ...e, description: `${e.description}+` })),
        {
          kind: KINDS[step.add % KINDS.length],
          resource: endpointName(step.add),
          name: endpointName(step.add),
          project: PROJECTS[0],
          description: `soak endpoint ${step.add}`,
          password: step.password,
          isRestricted: false,
        },
      ];
      model.secrets.add(step.password);
      await real.killedUp(model, step.after);
      break;
    }
  }
  await real.check(model);
}

/** A step as a fast-check command, printed as its JSON. */
export class SoakCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly step: Step) {}
  check(model: Readonly<Model>): boolean {
    return applicable(this.step, model as Model);
  }
  run(model: Model, real: Real): Promise<void> {
    return runStep(this.step, model, real);
  }
  toString(): string {
    return JSON.stringify(this.step);
  }
}

const password = fc.stringMatching(/^[A-Za-z0-9]{12}$/).map((s) => `Soak-${s}-Pw9`);
const text = fc.stringMatching(/^[a-z ]{3,16}$/).map((s) => `soak ${s.trim()}`);
const at = fc.nat({ max: 9 });

/** The arbitraries of every step. */
export const STEPS: Array<fc.Arbitrary<Step>> = [
  fc.record({
    kind: fc.constant("add" as const),
    endpoint: fc.constantFrom(...KINDS),
    name: fc.nat({ max: 99 }),
    project: fc.nat({ max: 1 }),
    password,
    isRestricted: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("remove" as const), at }),
  fc.record({ kind: fc.constant("describe" as const), at, text }),
  fc.record({ kind: fc.constant("rotate" as const), at, password }),
  fc.record({ kind: fc.constant("restrict" as const), at }),
  fc.record({ kind: fc.constant("move" as const), at }),
  fc.record({ kind: fc.constant("rename" as const), at, name: fc.nat({ max: 99 }) }),
  fc.record({ kind: fc.constant("serverEdit" as const), at, text }),
  fc.record({ kind: fc.constant("serverDelete" as const), at }),
  fc.record({ kind: fc.constant("faults" as const), on: fc.boolean() }),
  fc.record({
    kind: fc.constant("kill" as const),
    after: fc.integer({ min: 1, max: 12 }),
    add: fc.nat({ max: 99 }),
    password,
  }),
];

/**
 * The commands' arbitrary: histories of exactly `steps` steps (fast-check's `commands()` draws far
 * fewer than its maximum), the first an add (on an empty stack nothing else can run, so a short
 * history would otherwise often do nothing), of which those that cannot run on the model then are
 * skipped; a failing one shrinks by dropping steps and simplifying them.
 */
export function histories(steps: number): fc.Arbitrary<Iterable<fc.AsyncCommand<Model, Real>>> {
  const [add] = STEPS;
  return fc
    .tuple(add, fc.array(fc.oneof(...STEPS), { minLength: steps - 1, maxLength: steps - 1 }))
    .map(([first, rest]) => [first, ...rest].map((step) => new SoakCommand(step)));
}
