// A failed call as the engine reads it: the message as the gRPC status, and for an object that exists although
// its step failed (provider-kit/init-error.ts) the ErrorResourceInitFailed detail, so the engine keeps it in
// state (pulumi/pulumi pkg/resource/plugin/provider_plugin.go, resourceStateAndError). The configured key is
// scrubbed from every message, whatever produced it: it never reaches the engine's log or the user's terminal.
import * as grpc from "@grpc/grpc-js";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { ErrorResourceInitFailed } from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { rememberSecret, scrubMessage } from "../scrub";
import { resolveSettings } from "../config";
import { toStruct, type Props } from "./wire-values";
import { outputsForState } from "./declared-state";

export { REDACTED } from "../scrub";

/** `text` without the API key in force (or any other the process knows), capped to fit the engine's limits. */
export function scrubbed(text: string): string {
  rememberSecret(resolveSettings().apiKey);
  return scrubMessage(text);
}

function initFailure(error: unknown): { id: string; properties: Props; reasons: string[] } | undefined {
  if (!(error instanceof Error) || !("id" in error) || typeof error.id !== "string" || error.id === "")
    return undefined;
  const properties = "properties" in error && typeof error.properties === "object" ? error.properties : {};
  const reasons = "reasons" in error && Array.isArray(error.reasons) ? error.reasons.map(String) : [];
  return { id: error.id, properties: { ...properties }, reasons };
}

export function grpcError(error: unknown): Partial<grpc.StatusObject> {
  const message = scrubbed(error instanceof Error ? error.message : String(error));
  const metadata = new grpc.Metadata();
  const failure = initFailure(error);
  if (failure) {
    const detail = new ErrorResourceInitFailed();
    detail.setId(failure.id);
    detail.setProperties(toStruct(outputsForState(failure.properties)));
    detail.setReasonsList(failure.reasons.map(scrubbed));
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}
