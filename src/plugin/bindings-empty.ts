// The `google.protobuf.Empty` the engine's calls Attach, Cancel and Delete answer with, taken from the
// google-protobuf that the SDK's service bindings load. Those bindings check every response with `instanceof`
// their own copy's class (@pulumi/pulumi/proto/provider_grpc_pb.js, serialize_google_protobuf_Empty), so an Empty
// built from a second copy (another version installed beside the SDK, or an SDK linked from elsewhere) fails as
// "Error serializing response", which the engine reports as the plugin having exited prematurely. Seen with the
// real CLI on a program whose @pulumi/pulumi was a link to another folder.
import path from "node:path";

const bindings = path.dirname(require.resolve("@pulumi/pulumi/proto/provider_grpc_pb"));

export const { Empty } = require(
  require.resolve("google-protobuf/google/protobuf/empty_pb", { paths: [bindings] }),
) as typeof import("google-protobuf/google/protobuf/empty_pb");
