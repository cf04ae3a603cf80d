// The one parser both faces run on what the engine hands a provider (inputs, stored outputs), before any rule
// looks at it: each object becomes a plain object of its own keys (CreateDataProperty, never assignment), and
// "__proto__" is refused wherever it appears, as a key or as a prototype, with one message.
//
// What the engine does with a "__proto__" key (read in @pulumi/pulumi 3.248's runtime/rpc.js,
// serializeFilteredProperties, and google-protobuf 3.21's struct_pb.js, Struct.fromJavaScript and
// jspb.Map): a program's own "__proto__" key (JSON.parse makes one) is never sent as a key. The SDK copies each
// input by assignment (`result[k] = v`), so the key becomes the prototype of the copy, and Struct.fromJavaScript
// walks the copy with for…in, inherited keys included: the prototype's keys are sent as if declared. The SDK's
// Resource also assigns each input to the resource object (`onto[k] = new Output(…)`, transferProperties), which
// replaces the resource's own prototype, so the program then dies with no message. The provider cannot tell such
// keys from declared ones, so the resource classes refuse an own "__proto__" key at construction
// (`declaredArgs` below), before the SDK sees it. A YAML program's quoted "__proto__" key is refused by the YAML
// host itself where the schema types the object ("Property __proto__ does not exist"); inside a free-form map
// (a setting's `extra`) it does reach the wire, and is lost on the provider's side: jspb decodes a Struct's map
// into a plain object by assignment, so the entry sets that object's prototype and is never listed, on both
// faces alike (test/cli/proto-key.test.ts). It does arrive when the provider module is called in-process with an object literal's `__proto__`
// (a prototype whose keys a plain read such as `inputs.name` would take as declared): that is refused here. Every
// other built-in name (constructor, toString, hasOwnProperty, …) is a plain key like any other; the rules then
// refuse it as an unknown input or key, or pass it on in `extra` and the other free-form objects.
import type { DiffAnswer } from "./detailed-diff";
import type * as pulumi from "@pulumi/pulumi";
import { formatPath, forTheEngine, type CheckFailure } from "./check-failures";
import { isRecord, type Json } from "./json";
import { scrub, scrubError, scrubMessage } from "../scrub";
import { resolveSettings } from "../config";
import { CURRENT, declaredScope, type ScopeKind } from "../scope";
import { containsUnknown } from "./unknown";
import { delivered, forResource, logThroughEngineInDynamicProvider } from "./engine-log";
import { IDENTITY_INPUT } from "./declared";
import { expectEcho, inDynamicProvider } from "./sdk-echo";
import { warn } from "./warn";
import { isLeftBehind, keptWithoutRecordedHost, leftBehindNotice, readAtRecordedHost } from "./placement";
import type { ObjectAt } from "./host-check";

const PROTO = "__proto__";

/** The reason given for a "__proto__" key at `where`. */
function protoReason(where: string): string {
  return (
    `${where} cannot be declared: "${PROTO}" is JavaScript's name for an object's prototype, not a key PostHog ` +
    "can receive, and it is refused on every face alike. Remove it."
  );
}

function isPlainPrototype(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The failure for a "__proto__" (key or prototype) in the object at `path`. */
function protoFailure(path: readonly PropertyKey[]): CheckFailure {
  const at = [...path, PROTO];
  return { property: String(at[0]), reason: protoReason(formatPath(at)) };
}

function copy(value: unknown, path: PropertyKey[], failures: CheckFailure[]): unknown {
  if (Array.isArray(value)) return value.map((item, i) => copy(item, [...path, i], failures));
  if (value === null || typeof value !== "object") return value;
  if (!isPlainPrototype(value)) failures.push(protoFailure(path));
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (key === PROTO) failures.push(protoFailure(path));
    else entries.push([key, copy(item, [...path, key], failures)]);
  }
  return Object.fromEntries(entries);
}

/**
 * Each own "__proto__" key in a program's plain objects and arrays, at any depth. Values of other kinds (an
 * Output, a promise, a resource, a Date) are not walked: their content is not known when a resource is declared.
 */
function ownProtoKeys(value: unknown, path: PropertyKey[], failures: CheckFailure[]): void {
  if (Array.isArray(value)) value.forEach((item, i) => ownProtoKeys(item, [...path, i], failures));
  if (value === null || typeof value !== "object" || Array.isArray(value) || !isPlainPrototype(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === PROTO) failures.push(protoFailure(path));
    else ownProtoKeys(item, [...path, key], failures);
  }
}

/**
 * A resource's arguments as declared, or an error naming the resource and each "__proto__" key in them: thrown
 * when the program declares the resource, before the SDK copies the arguments (see the top of this file).
 * `kind` and `name` are the resource's type and name (`Survey`, `"nps"`).
 */
export function declaredArgs<A>(kind: string, name: string, args: A): A {
  const failures: CheckFailure[] = [];
  ownProtoKeys(args, [], failures);
  if (failures.length > 0) {
    throw new Error(
      `${kind} "${name}": ${failures.map((f) => f.reason).join(" ")} Nothing was sent to PostHog.`,
    );
  }
  return args;
}

/** `raw` as plain objects of their own keys, and a failure for each "__proto__" in it (none: nothing was lost). */
export function ownProperties(raw: unknown): { value: Json; failures: CheckFailure[] } {
  const failures: CheckFailure[] = [];
  const value = copy(raw ?? {}, [], failures);
  return { value: isRecord(value) ? value : {}, failures };
}

/** `raw` as plain objects of their own keys; a "__proto__" in it fails the call with the check's reason. */
export function ownPropertiesOrThrow(raw: unknown, what: string): Json {
  const { value, failures } = ownProperties(raw);
  if (failures.length > 0) throw new Error(`${what}: ${failures.map((f) => f.reason).join(" ")}`);
  return value;
}

/** A resource's preview calls, on the declaration its seam parsed (`D`), and the stored outputs as plain JSON. */
export interface PreviewCore<D> {
  check(olds: Json, news: D): Promise<pulumi.dynamic.CheckResult>;
  diff(id: string, olds: Json, news: D): Promise<DiffAnswer>;
}

/**
 * A read's answer that the object is gone from PostHog for a reason the resource knows (an invite used by its
 * person, not deleted): the seam warns with `because` instead of its "deleted in PostHog" words, and the engine
 * gets an empty id (refresh drops the resource).
 */
export interface GoneBecause {
  readonly goneBecause: string;
}

/** A resource's apply calls, on the declaration its seam parsed. */
export interface ApplyCore<D> {
  create(news: D): Promise<pulumi.dynamic.CreateResult>;
  read(id: string, props: Json): Promise<pulumi.dynamic.ReadResult | GoneBecause>;
  update(id: string, olds: Json, news: D): Promise<pulumi.dynamic.UpdateResult>;
  delete(id: string, props: Json): Promise<void>;
}

type Raw = Record<string, unknown>;

/**
 * A call whose failure reaches the engine scrubbed of any key and capped to fit its gRPC limits (src/scrub.ts),
 * and whose warnings reach the engine's log before it answers (engine-log.ts; on the dynamic face the process is
 * connected on its first call, as nothing of ours runs there before). On the dynamic face the SDK's server prints
 * what check, diff, read and delete throw before answering with it, and that echo is dropped (sdk-echo.ts); create
 * and update errors it answers without printing.
 *
 * `newsOf` picks the declared inputs out of a call's arguments. The SDK's dynamic provider gives a call no URN
 * (cmd/dynamic-provider/index.ts calls `provider.create(props)`, `provider.update(id, olds, news)`), but the
 * program's inputs carry it (src/ownership/identity.ts, IDENTITY_INPUT), so on that face the messages of check, diff, create and
 * update are logged under the resource, as the plugin's are (src/plugin/service.ts). Read and delete see stored
 * outputs only, which may name the resource as it was before a rename, so theirs stay under the stack.
 */
function scrubbing<A extends unknown[], R>(
  run: (...args: A) => Promise<R>,
  echoed: "echoed by the SDK" | "answered as is" = "echoed by the SDK",
  newsOf?: (...args: A) => Raw,
): (...args: A) => Promise<R> {
  return (...args) => {
    logThroughEngineInDynamicProvider();
    const call = () =>
      run(...args).catch((error: unknown) => {
        const scrubbed = scrubError(error);
        if (echoed === "echoed by the SDK") expectEcho(scrubbed);
        throw scrubbed;
      });
    const news = newsOf && inDynamicProvider() ? newsOf(...args) : undefined;
    // The URN the program put in the inputs (src/ownership/identity.ts writes it); only where a message shows.
    const declaredUrn = isRecord(news) ? news[IDENTITY_INPUT] : undefined;
    const urn =
      typeof declaredUrn === "string" && declaredUrn.startsWith("urn:pulumi:") ? declaredUrn : undefined;
    return urn ? forResource(urn, call) : delivered(call);
  };
}

/**
 * Check's answer as the engine may show it: a failure inside a property without the property (forTheEngine), and
 * each failure's reason (which may quote a bad value, and a value may be the key) and property scrubbed and
 * capped, like every other message that leaves the provider.
 */
function scrubbedFailures(result: pulumi.dynamic.CheckResult): pulumi.dynamic.CheckResult {
  if (!result.failures || result.failures.length === 0) return result;
  const failures = result.failures.map(forTheEngine).map((f) => ({
    property: scrub(f.property),
    reason: scrubMessage(f.reason),
  }));
  return { ...result, failures };
}

/**
 * The run's check of the key and host (key-check.ts), and of the resource's project or organization
 * (scope-check.ts), unless `checkKeyAndHost` is false; loaded on first use, so a preview with the check off loads
 * no HTTP client.
 */
async function keyAndHost(kind: string, scope: ScopeKind, inputs: Json): Promise<void> {
  const settings = resolveSettings();
  if (!settings.checkKeyAndHost) return;
  const { checkKeyAndHost } = require("./key-check") as typeof import("./key-check");
  await checkKeyAndHost(kind, settings.host, settings.apiKey);
  // Then the project or organization the resource names, unless it is the key's own or not known yet.
  const input = inputs[SCOPE_INPUT[scope]];
  if (containsUnknown(input)) return;
  const declared = declaredScope(scope, input, settings);
  if (declared === CURRENT) return;
  const { checkScope } = require("./scope-check") as typeof import("./scope-check");
  await checkScope(kind, scope, declared, settings.host, settings.apiKey);
}

/** The input that names a resource's project or organization (both faces name it so). */
const SCOPE_INPUT: { [K in ScopeKind]: string } = { project: "projectId", organization: "organizationId" };

/** How a message about a stored object names its resource: `Survey "NPS"`, `Invite "a@b.c"`. */
function storedLabel(resource: string, state: Json): string {
  const named = [state.name, state.targetEmail].find((v) => typeof v === "string");
  return named === undefined ? resource : `${resource} "${String(named)}"`;
}

/**
 * Why a refresh drops a resource from the stack: PostHog answered that the object is gone (a 404, which is also
 * its answer to an id that is not one of its ids). The engine only counts it among the deleted.
 */
function droppedAtRefresh(resource: string, id: string, state: Json): string {
  const who = storedLabel(resource, state);
  return (
    `${who}: PostHog has no object with the stored id "${id}" (deleted in PostHog, or the id in the state is not ` +
    "one of its ids), so refresh removes it from the stack's state. The next `pulumi up` creates it again if " +
    "the program still declares it."
  );
}

/** What a resource of `scope` is called in a message about where it lives. */
const noun: { [K in ScopeKind]: string } = { project: "survey", organization: "invite" };

/** Where a read looks for a resource's object: a survey by its project and id, an invite by its organization. */
function objectAt(scope: ScopeKind, id: string, state: Json): ObjectAt {
  return scope === "project"
    ? { kind: "survey", project: String(state.projectId), id }
    : { kind: "organization", organization: String(state.organizationId), id };
}

/**
 * A resource's engine calls as both faces make them (raw property bags in), each bag parsed once here:
 * `declare` turns the own-property copy of the inputs into the resource's declaration, which is all the core
 * sees. `resource` names the resource in a refusal outside check (which reports it as a failure instead).
 * `apply` loads the apply half on its first call, so a preview never loads the HTTP client. `scope` is where the
 * resource's objects live (a survey's project, an invite's organization), checked once per run before planning.
 */
export function atTheSeam<D>(
  resource: string,
  scope: ScopeKind,
  declare: (inputs: Json) => D,
  preview: PreviewCore<D>,
  apply: () => ApplyCore<D>,
) {
  const stored = (props: Raw | undefined) => ownPropertiesOrThrow(props, resource);
  const declared = (inputs: Raw) => declare(ownPropertiesOrThrow(inputs, resource));
  return {
    // Check answers a bad input with failures rather than throwing; both its failures and anything it throws
    // pass through the scrubber, as diff's refusals do (async, so a refusal is a rejected promise).
    check: scrubbing(
      async (olds: Raw, news: Raw): Promise<pulumi.dynamic.CheckResult> => {
        const { value, failures } = ownProperties(news);
        if (failures.length > 0) return scrubbedFailures({ inputs: value, failures });
        const result = await preview.check(ownProperties(olds).value, declare(value));
        // Inputs that pass their rules are planned next: the key and host are checked first (one request a run).
        if (!result.failures || result.failures.length === 0) await keyAndHost(resource, scope, value);
        return scrubbedFailures(result);
      },
      "echoed by the SDK",
      (_olds, news) => news,
    ),
    diff: scrubbing(
      async (id: string, olds: Raw, news: Raw) => preview.diff(id, stored(olds), declared(news)),
      "echoed by the SDK",
      (_id, _olds, news) => news,
    ),
    create: scrubbing(
      async (news: Raw) => apply().create(declared(news)),
      "answered as is",
      (news) => news,
    ),
    read: scrubbing(async (id: string, props: Raw) => {
      const state = stored(props);
      const result = await apply().read(id, state);
      if ("goneBecause" in result) {
        warn(result.goneBecause);
        return { id: "" };
      }
      // Nothing at the host in force: where the state says it lives is asked first, and said (placement.ts); a
      // state that says nothing of where it lives (an earlier version's) is kept as it is, not known to be deleted.
      if (!result.id) {
        const kept = keptWithoutRecordedHost(storedLabel(resource, state), noun[scope], id);
        if (kept !== undefined) {
          warn(kept);
          return { id, props };
        }
        warn(
          (await readAtRecordedHost(storedLabel(resource, state), noun[scope], objectAt(scope, id, state))) ??
            droppedAtRefresh(resource, id, state),
        );
      }
      return result;
    }),
    update: scrubbing(
      async (id: string, olds: Raw, news: Raw) => apply().update(id, stored(olds), declared(news)),
      "answered as is",
      (_id, _olds, news) => news,
    ),
    delete: scrubbing(async (id: string, props: Raw) => {
      const state = stored(props);
      // The replacement of an object found at another PostHog leaves the old one (placement.ts): nothing is sent.
      if (isLeftBehind(id)) return warn(leftBehindNotice(resource, id, state));
      return apply().delete(id, state);
    }),
  };
}
