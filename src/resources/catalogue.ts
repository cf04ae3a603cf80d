// The catalogue: every property a user can declare or read, for each resource, data function and provider
// setting, as one runtime description (docs/contributing/catalogue.md). The Pulumi package schema and the reference pages
// are generated from it. Entries derive from the field tables and input rules (types, defaults, wire names)
// and from the doc comments of the public types (descriptions, through the generated catalogue-docs.ts).
import { z } from "zod";
import { SETTINGS, type SettingName } from "../config";
import { DEFAULT_RATE_WINDOWS_TEXT } from "../rate-windows";
import { jsonSchema, memberDoc, type Catalogue, type PropertyDoc } from "./catalogue-kit";
import { surveyFunctions, surveyResource } from "./survey/catalogue";
import { inviteFunctions, inviteResources } from "./invite/catalogue";
import { featureFlagFunctions } from "./feature-flag/catalogue";

export type {
  Catalogue,
  ExampleDoc,
  ExampleValue,
  FunctionDoc,
  ImportDoc,
  JsonSchema,
  PropertyDoc,
  ResourceDoc,
} from "./catalogue-kit";

/** Each setting's value as a program sets it in Pulumi config (`posthog:*`). */
const CONFIG_RULES: { [K in SettingName]: z.ZodType } = {
  host: z.string(),
  apiKey: z.string(),
  projectId: z.string(),
  organizationId: z.string(),
  checkKeyAndHost: z.boolean(),
  requestsPerSecond: z.number().nonnegative(),
  rateWindows: z.string(),
  requestDeadlineMs: z.number().nonnegative(),
  requestTimeoutMs: z.number().nonnegative(),
  retryBaseMs: z.number().nonnegative(),
  listCacheTtlMs: z.number().nonnegative(),
};

const isSetting = (key: string): key is SettingName => key in SETTINGS;

function configProperties(): PropertyDoc[] {
  return Object.keys(SETTINGS)
    .filter(isSetting)
    .map((name): PropertyDoc => {
      const row: { env: readonly string[]; default?: unknown } = SETTINGS[name];
      const fallback = `Falls back to the environment variable ${row.env.join(", then ")}.`;
      const value = name === "rateWindows" ? DEFAULT_RATE_WINDOWS_TEXT : row.default;
      return {
        name,
        description: `${memberDoc(["SETTINGS"], name)} ${fallback}`,
        schema: jsonSchema(CONFIG_RULES[name]),
        input: true,
        output: false,
        required: false,
        ...(value === undefined ? {} : { default: value }),
        // No setting's change replaces the plugin's provider (DiffConfig) or a resource (provider-kit/placement.ts).
        replaces: false,
        ...(name === "apiKey" ? { secret: true } : {}),
      };
    });
}

export function catalogue(): Catalogue {
  return {
    resources: [surveyResource(), ...inviteResources()],
    functions: [...surveyFunctions(), ...inviteFunctions(), ...featureFlagFunctions()],
    config: configProperties(),
  };
}
