/** The shape of the emulator's endpoint types (tiles): the catalogue declares them, ./tiles.ts looks them up. */

/** Metadata of one endpoint property, as tiles publish it. */
export interface PropertySpec {
  /** Value type as the product names it (`String`, `Integer`, `Boolean`). */
  type: "String" | "Integer" | "Boolean";
  /** Human-readable description. */
  description: string;
  /** Whether create, update and validation require it. */
  mandatory: boolean;
  /** Secret properties are masked as `*****` in every response (extra field: `secret: true`). */
  secret?: boolean;
  /** Allowed values, when the property is an enumeration. */
  values?: readonly string[];
}

/** Extra properties a value of another property requires (e.g. k8s `authType: token` needs `token`). */
export interface ConditionalRequirement {
  /** The deciding property. */
  property: string;
  /** The value that triggers the requirement. */
  equals: string;
  /** Properties then required. */
  require: readonly string[];
}

/** Where validation connects to, for types that have a server. */
export type ConnectTarget =
  | { kind: "url"; property: string }
  | { kind: "host-port"; host: string; port: string; tlsWhen: { property: string; equals: string } };

/** One endpoint type. */
export interface TileDefinition {
  /** Endpoint type (`type` of endpoints). */
  tileId: string;
  /** Display name. */
  displayName: string;
  /** Endpoint properties. */
  inputProperties: Readonly<Record<string, PropertySpec>>;
  /** Outputs a task using the endpoint publishes. */
  outputProperties: Readonly<Record<string, PropertySpec>>;
  /** Conditional requirements. */
  requires?: readonly ConditionalRequirement[];
  /** What validation connects to (none for agent). */
  connect?: ConnectTarget;
}
