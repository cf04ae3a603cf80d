// The `google.protobuf.Empty` that Attach, Cancel and Delete answer with, as the SDK's own service bindings make
// it. The bindings check every response with `instanceof` against their copy of google-protobuf
// (@pulumi/pulumi/proto/provider_grpc_pb.js, serialize_google_protobuf_Empty), so an Empty from a second copy
// (another version installed beside the SDK, an SDK linked from elsewhere) fails as "Error serializing response",
// which the real CLI reports as the plugin having exited prematurely. The bindings' own response deserializer
// hands back an instance of their class; asking it, rather than resolving google-protobuf's path from the
// bindings' folder, also works inside the release's single-file bundle, where there are no such paths.
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";

type EmptyMessage = ReturnType<typeof ResourceProviderService.delete.responseDeserialize>;

const prototypeEmpty: EmptyMessage = ResourceProviderService.delete.responseDeserialize(Buffer.alloc(0));

/** A new Empty of the bindings' own class. */
export function newEmpty(): EmptyMessage {
  return prototypeEmpty.clone();
}
