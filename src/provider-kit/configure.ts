// The dynamic provider's `configure()`: records the stack's `posthog:*` config for later calls. It loads
// nothing but config.ts, so a preview never loads the HTTP client.
import { setPulumiConfig } from "../config";

export interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

export async function configureProvider(req: ConfigureRequest): Promise<void> {
  setPulumiConfig((key) => req.config.get(key));
}
