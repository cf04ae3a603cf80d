// The ResourceProvider gRPC service, on the SDK's own bindings (@pulumi/pulumi/proto). What each call receives
// is what pulumi/pulumi pkg/resource/plugin/provider_plugin.go sends: Handshake first; CheckConfig with plain
// values, then Configure with typed `args` (secrets marked) and `variables`; Check, Diff, Create, Read, Update
// and Delete with the properties, secrets marked once we accept them; Create and Update with `preview` during a
// preview (the engine assumes previews are supported after a handshake); Read with only an id for an import.
// Every resource rule is the dynamic providers' own (resources.ts); this file only translates.
import { noticesWaitForUpdate, updateCalled } from "../provider-kit/preview-notice";
import * as grpc from "@grpc/grpc-js";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import type { IResourceProviderServer } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { VERSION } from "../version";
import { noteProviderUrn, noteSettingsElsewhere, useProviderSettings } from "../provider-kit/settings-source";
import { settingsUnderDynamicNamespace } from "./other-face-config";
import { checkConfig, configure, diffConfig, stackMarkOfProvider } from "./provider-config";
import { PACKAGE_NAME } from "./tokens";
import { grpcError } from "./errors";
import { invokeFunction } from "./functions";
import { resourceCode } from "./resources";
import { fromStruct, rewrap, toStruct, unwrap, withoutNulls } from "./wire-values";
import { newEmpty } from "./bindings-empty";
import { IDENTITY_INPUT, STACK_MARK_INPUT } from "../ownership";
import { scrub, scrubMessage } from "../scrub";
import { forResource } from "../provider-kit/engine-log";
import { cancelRequests } from "../client/cancel";
import { engineSendsOldInputs, outputsForState, outputsWithDeclared } from "./declared-state";
import { detailedDiff, withDetailedDiff } from "./detailed-diff";

type Handler<Req, Res> = grpc.handleUnaryCall<Req, Res>;

/** The resource a request is about, for the messages logged while serving it. */
const urnOf = (req: { getUrn(): string }): string => req.getUrn();

/**
 * A unary handler from an async function; any failure becomes the engine's error (errors.ts). The messages it
 * logs name the resource `urnOf` reads from the request (none: the stack), and reach the engine before the answer
 * (provider-kit/engine-log.ts).
 */
function unary<Req, Res>(
  run: (req: Req) => Promise<Res>,
  urnOf: (req: Req) => string = () => "",
): Handler<Req, Res> {
  return (call, callback) => {
    forResource(urnOf(call.request), () => run(call.request)).then(
      (res) => callback(null, res),
      (error: unknown) => callback(grpcError(error), null),
    );
  };
}

/** Check's failures on the wire, scrubbed (src/scrub.ts): CheckConfig's too, which no resource seam sees. */
function failuresOf(
  failures: readonly { property: string; reason: string }[] | undefined,
): pb.CheckFailure[] {
  return (failures ?? []).map((f) =>
    new pb.CheckFailure().setProperty(scrub(f.property)).setReason(scrubMessage(f.reason)),
  );
}

/** A resource's stored outputs as its code reads them, `declared` rebuilt from its stored inputs (declared-state.ts). */
function storedOutputs(outputs: Struct | undefined, inputs: Struct | undefined) {
  return outputsWithDeclared(unwrap(fromStruct(outputs)).plain, unwrap(fromStruct(inputs)).plain);
}

const DIFF = pb.DiffResponse.DiffChanges;

function diffResponse(changes: boolean | undefined, replaces: string[] = [], deleteBeforeReplace = false) {
  return new pb.DiffResponse()
    .setChanges(changes === true ? DIFF.DIFF_SOME : changes === false ? DIFF.DIFF_NONE : DIFF.DIFF_UNKNOWN)
    .setReplacesList(replaces)
    .setDeletebeforereplace(deleteBeforeReplace);
}

/** The calls this provider serves; grpc-js answers the others (Construct, Call, Parameterize, ...) UNIMPLEMENTED. */
export function providerService(): grpc.UntypedServiceImplementation {
  // The data functions read this provider's settings (Configure), not a program's `posthog:*` config, and
  // every message naming a setting names it as this package's stack config (`posthog-iac:apiKey`).
  useProviderSettings(PACKAGE_NAME);
  const service = {
    handshake: unary(async () =>
      new pb.ProviderHandshakeResponse()
        .setAcceptSecrets(true)
        .setAcceptResources(true)
        .setAcceptOutputs(false)
        .setSupportsAutonamingConfiguration(false),
    ),
    attach: unary(async () => newEmpty()),
    // The run is cancelled (a single Ctrl-C): every request in flight ends now with an error (client/cancel.ts).
    cancel: unary(async () => {
      cancelRequests();
      return newEmpty();
    }),
    getPluginInfo: unary(async () => new PluginInfo().setVersion(VERSION)),
    getSchema: unary(async (req: pb.GetSchemaRequest) => {
      if (req.getVersion() !== 0) throw new Error(`unsupported schema version ${req.getVersion()}`);
      // Loaded here, never by a resource call; built at build time (schema-json.ts).
      const schemaJson = require("./schema-json") as typeof import("./schema-json");
      return new pb.GetSchemaResponse().setSchema(schemaJson);
    }),

    checkConfig: unary(async (req: pb.CheckRequest) => {
      const olds = unwrap(fromStruct(req.getOlds())).plain;
      const { inputs, failures } = checkConfig(unwrap(fromStruct(req.getNews())).plain, olds);
      return new pb.CheckResponse().setInputs(toStruct(inputs)).setFailuresList(failuresOf(failures));
    }, urnOf),
    diffConfig: unary(async (req: pb.DiffRequest) => {
      const olds = unwrap(fromStruct(req.getOldInputs() ?? req.getOlds())).plain;
      const { changed } = diffConfig(olds, unwrap(fromStruct(req.getNews())).plain);
      return diffResponse(changed);
    }),
    configure: unary(async (req: pb.ConfigureRequest) => {
      engineSendsOldInputs(req.getSendsOldInputs(), req.getSendsOldInputsToDelete());
      noticesWaitForUpdate();
      const variables = new Map(req.getVariablesMap().toArray());
      configure(unwrap(fromStruct(req.getArgs())).plain, variables);
      noteSettingsElsewhere(settingsUnderDynamicNamespace(req.getUrn() ?? ""));
      noteProviderUrn(req.getUrn() ?? "");
      return new pb.ConfigureResponse()
        .setAcceptsecrets(true)
        .setAcceptresources(true)
        .setSupportspreview(true)
        .setAcceptoutputs(false);
    }),

    check: unary(async (req: pb.CheckRequest) => {
      const news = unwrap(fromStruct(req.getNews()));
      const olds = unwrap(fromStruct(req.getOlds())).plain;
      // The URN, as at create: a declared adoption is recorded for the run at check (ownership/claims.ts).
      // It is the request's, not an input: left out of the answer, so it never reaches the state.
      const code = resourceCode(req.getUrn(), req.getType()).provider();
      const result = await code.check(olds, { ...news.plain, [IDENTITY_INPUT]: req.getUrn() });
      const { [IDENTITY_INPUT]: _urn, ...checked } = result.inputs ?? news.plain;
      return new pb.CheckResponse()
        .setInputs(toStruct(rewrap(checked, news.secretKeys)))
        .setFailuresList(failuresOf(result.failures));
    }, urnOf),
    diff: unary(async (req: pb.DiffRequest) => {
      const olds = storedOutputs(req.getOlds(), req.getOldInputs());
      // As at create: the URN says which resource keeps the id, so no resource leaving the stack deletes it.
      const news = { ...unwrap(fromStruct(req.getNews())).plain, [IDENTITY_INPUT]: req.getUrn() };
      const result = await resourceCode(req.getUrn(), req.getType()).provider().diff(req.getId(), olds, news);
      // What changed, by path where the resource knows better than a diff by position (plugin/detailed-diff.ts).
      const oldInputs = req.getOldInputs();
      const paths =
        result.changes === true && oldInputs
          ? detailedDiff(unwrap(fromStruct(oldInputs)).plain, unwrap(fromStruct(req.getNews())).plain, result)
          : undefined;
      return withDetailedDiff(
        diffResponse(result.changes, result.replaces, result.deleteBeforeReplace),
        paths,
      );
    }, urnOf),
    create: unary(async (req: pb.CreateRequest) => {
      const news = unwrap(fromStruct(req.getProperties()));
      // A preview creates nothing: the checked inputs stand for the outputs, the id stays unknown.
      if (req.getPreview())
        return new pb.CreateResponse().setProperties(toStruct(rewrap(news.plain, news.secretKeys)));
      // The URN says which resource of the stack this is and the stack's mark which stack, so a create can prove
      // what it meets is its own (ownership/identity.ts); both win over any input of that name.
      const { [STACK_MARK_INPUT]: _sent, ...declared } = news.plain;
      const mark = stackMarkOfProvider();
      const inputs = {
        ...declared,
        [IDENTITY_INPUT]: req.getUrn(),
        ...(mark === undefined ? {} : { [STACK_MARK_INPUT]: mark }),
      };
      const { id, outs } = await resourceCode(req.getUrn(), req.getType()).provider().create(inputs);
      return new pb.CreateResponse()
        .setId(id)
        .setProperties(toStruct(rewrap(outputsForState(outs ?? {}), news.secretKeys)));
    }, urnOf),
    read: unary(async (req: pb.ReadRequest) => {
      const state = unwrap(fromStruct(req.getProperties()));
      const inputs = unwrap(fromStruct(req.getInputs()));
      const code = resourceCode(req.getUrn(), req.getType());
      const response = new pb.ReadResponse();
      if (Object.keys(state.plain).length === 0 && Object.keys(inputs.plain).length === 0) {
        // An import is a claim for this resource (ownership/claims.ts), like `adopt`.
        const imported = await code.importById(req.getId(), req.getUrn());
        return response
          .setId(imported.id)
          .setProperties(toStruct(outputsForState(imported.outputs)))
          .setInputs(toStruct(imported.inputs));
      }
      const result = await code.provider().read(req.getId(), outputsWithDeclared(state.plain, inputs.plain));
      if (!result.id) return response;
      const secretKeys = new Set([...state.secretKeys, ...inputs.secretKeys]);
      response
        .setId(result.id)
        .setProperties(toStruct(rewrap(outputsForState(result.props ?? {}), secretKeys)));
      return response.setInputs(toStruct(rewrap(result.inputs ?? inputs.plain, inputs.secretKeys)));
    }, urnOf),
    update: unary(async (req: pb.UpdateRequest) => {
      const news = unwrap(fromStruct(req.getNews()));
      // The preview's notices wait for this call, which says whether the run is a preview (preview-notice.ts).
      updateCalled(req.getUrn(), req.getPreview());
      if (req.getPreview())
        return new pb.UpdateResponse().setProperties(toStruct(rewrap(news.plain, news.secretKeys)));
      const olds = storedOutputs(req.getOlds(), req.getOldInputs());
      const code = resourceCode(req.getUrn(), req.getType()).provider();
      // As for create: the URN names the resource (an Invite's update may send an invitation, and the run tells
      // two resources inviting one address apart by it, resources/invite/invited-this-run.ts).
      const { outs } = await code.update(req.getId(), olds, {
        ...news.plain,
        [IDENTITY_INPUT]: req.getUrn(),
      });
      return new pb.UpdateResponse().setProperties(
        toStruct(rewrap(outputsForState(outs ?? {}), news.secretKeys)),
      );
    }, urnOf),
    delete: unary(async (req: pb.DeleteRequest) => {
      const props = storedOutputs(req.getProperties(), req.getOldInputs());
      await resourceCode(req.getUrn(), req.getType()).provider().delete(req.getId(), props);
      return newEmpty();
    }, urnOf),

    invoke: unary(async (req: pb.InvokeRequest) => {
      const args = unwrap(fromStruct(req.getArgs()));
      const result = await invokeFunction(req.getTok(), args.plain);
      return new pb.InvokeResponse().setReturn(toStruct(withoutNulls(result)));
    }),
  } satisfies Partial<IResourceProviderServer>;
  return service;
}
