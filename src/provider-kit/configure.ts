// The dynamic provider's `configure()`: records the stack's `posthog:*` config for later calls. It loads
// nothing but config.ts, so a preview never loads the HTTP client.
import { setPulumiConfig } from "../config";
import { DYNAMIC_PROVIDER_NAMESPACE } from "./settings-source";

export interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

export async function configureProvider(req: ConfigureRequest): Promise<void> {
  setPulumiConfig((name) => req.config.get(`${DYNAMIC_PROVIDER_NAMESPACE}:${name}`));
}
