// Invite's serialized provider: see ../common/shim.ts for why it is only a forwarder.
import { providerShim } from "../common/shim";

export = providerShim("pulumi-posthog/dist/resources/invite/provider", module);
