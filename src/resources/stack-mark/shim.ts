// StackMark's serialized provider: see ../../provider-kit/shim.ts for why it is only a forwarder.
import { providerShim } from "../../provider-kit/shim";

export = providerShim("pulumi-posthog/dist/resources/stack-mark/provider", module);
