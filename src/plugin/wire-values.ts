// The property values of the provider protocol, as a protobuf Struct carries them, to and from the plain JSON the
// resource code works with. The engine marks secrets and resource references with a signature key
// (pulumi/pulumi sdk/nodejs/runtime/rpc.ts: specialSigKey, specialSecretSig, specialResourceSig; the same strings
// in pkg/resource/plugin/rpc.go); this plugin says acceptSecrets and acceptResources in Configure, so it
// receives them and must answer with secrets marked again. Loading the SDK's runtime for three strings would
// cost the cold start a second, so they are written here; test/unit/plugin-values.test.ts compares them with
// the SDK's.
import { Struct, Value, type JavaScriptValue } from "google-protobuf/google/protobuf/struct_pb";

export type Props = Record<string, unknown>;

export const SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
export const RESOURCE_SIG = "5cf8f73096256a8f31e491e813e4eb8e";

function isObject(value: unknown): value is Props {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isSecret(value: unknown): value is Props & { value?: unknown } {
  return isObject(value) && value[SIG_KEY] === SECRET_SIG;
}

/** A value with its secret marks removed, and a resource reference replaced by its id (its URN for a component). */
function plain(value: unknown): unknown {
  if (isSecret(value)) return plain(value.value);
  if (isObject(value) && value[SIG_KEY] === RESOURCE_SIG) {
    return typeof value.id === "string" && value.id !== "" ? value.id : value.urn;
  }
  if (Array.isArray(value)) return value.map(plain);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

function containsSecret(value: unknown): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(containsSecret);
  if (isObject(value)) return Object.values(value).some(containsSecret);
  return false;
}

/** The properties as the resource code takes them, and the top-level keys that held a secret anywhere inside. */
export function unwrap(props: Props): { plain: Props; secretKeys: Set<string> } {
  const secretKeys = new Set(Object.keys(props).filter((key) => containsSecret(props[key])));
  return { plain: plain(props) as Props, secretKeys };
}

export function secret(value: unknown): Props {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/**
 * `props` with the keys named secret marked again: what was secret in the inputs stays secret in the checked
 * inputs and outputs (as the engine's own annotateSecrets does, top level, for a provider that takes no secrets).
 */
export function rewrap(props: Props, secretKeys: ReadonlySet<string>): Props {
  return Object.fromEntries(
    Object.entries(props).map(([key, value]) => [key, secretKeys.has(key) ? secret(value) : value]),
  );
}

/**
 * A Struct as plain JSON, each key an own property. Not Struct.toJavaScript, which writes keys by assignment, so
 * a key named "__proto__" would set the object's prototype (google-protobuf's map decoding drops such an entry
 * today; provider-kit/seam.ts refuses one that arrives either way).
 */
export function fromStruct(struct: Struct | undefined): Props {
  if (!struct) return {};
  const entries: [string, unknown][] = [];
  struct.getFieldsMap().forEach((value, key) => entries.push([key, fromValue(value)]));
  return Object.fromEntries(entries);
}

function fromValue(value: Value): unknown {
  switch (value.getKindCase()) {
    case Value.KindCase.STRUCT_VALUE:
      return fromStruct(value.getStructValue());
    case Value.KindCase.LIST_VALUE:
      return (value.getListValue()?.getValuesList() ?? []).map(fromValue);
    default:
      return value.toJavaScript();
  }
}

/**
 * `value` with every object key whose value is null left out, at any depth (list items stay in place). What a
 * function answers: the schema states a property that may be null as optional (json-schema-to-pulumi.ts,
 * admitsNull), and absent is how every SDK writes "no value"; a null on the wire came out as null in TypeScript, a
 * zero struct in Go and nothing in Python and YAML.
 */
export function withoutNulls(props: Props): Props {
  return Object.fromEntries(
    Object.entries(props)
      .filter(([, value]) => value !== null)
      .map(([key, value]) => [key, nullsDropped(value)]),
  );
}

function nullsDropped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullsDropped);
  return isObject(value) ? withoutNulls(value) : value;
}

/** Struct.fromJavaScript refuses undefined anywhere; JSON drops such keys, as the wire would. */
export function toStruct(props: Props): Struct {
  return Struct.fromJavaScript(JSON.parse(JSON.stringify(props)) as Record<string, JavaScriptValue>);
}
