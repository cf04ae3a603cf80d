// The dynamic provider's `configure()`: records the stack's `posthog:*` config for later calls, and which settings
// the stack sets under the plugin's namespace instead (`posthog-iac:apiKey`), for the message that names the
// misplaced key (config.ts, requireApiKey). The engine hands a dynamic provider the whole stack config
// (docs/contributing/pulumi-engine.md). It loads nothing but config.ts, so a preview never loads the HTTP client.
import { SETTINGS, setPulumiConfig } from "../config";
import { scrubError } from "../scrub";
import { expectEcho } from "./sdk-echo";
import { DYNAMIC_PROVIDER_NAMESPACE, noteSettingsElsewhere, otherNamespace } from "./settings-source";

export interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

export async function configureProvider(req: ConfigureRequest): Promise<void> {
  const other = otherNamespace();
  noteSettingsElsewhere(Object.keys(SETTINGS).filter((name) => req.config.get(`${other}:${name}`)?.trim()));
  try {
    setPulumiConfig((name) => req.config.get(`${DYNAMIC_PROVIDER_NAMESPACE}:${name}`));
  } catch (error) {
    // A refused setting fails the check that configured the provider; the SDK's server prints it first (sdk-echo.ts).
    const scrubbed = scrubError(error);
    expectEcho(scrubbed);
    throw scrubbed;
  }
}
