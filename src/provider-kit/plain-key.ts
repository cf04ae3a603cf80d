// The dynamic face's warning for an API key set without `--secret`. The provider process cannot tell: the SDK's
// dynamic provider strips the secret marks from the config it hands `configure` (sdk/nodejs/cmd/dynamic-provider,
// ResourceProviderService.configure, unwrapRpcSecret). The program's process can: the language host tells it which
// config keys are secrets (sdk/nodejs/runtime/config.ts, isConfigSecret). There the key also reaches the
// `pulumi-nodejs` default provider's inputs, so a plain one sits unencrypted in the state as well. The SDK's
// `isConfigSecret` is internal, so this reads what it reads: the language host's PULUMI_CONFIG_SECRET_KEYS, a JSON
// list of the secret keys (sdk/nodejs/runtime/config.ts, configSecretKeysEnvKey). Without it (an inline program
// of the Automation API) nothing is said.
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { configKey, SETTINGS } from "../config";
import { DYNAMIC_PROVIDER_NAMESPACE } from "./settings-source";

let checked = false;

/** Called by each resource class as it is declared; warns once per program, on the first resource. */
export function warnOfPlainKey(resource: pulumi.Resource): void {
  if (checked) return;
  checked = true;
  const key = `${DYNAMIC_PROVIDER_NAMESPACE}:apiKey`;
  const value = pulumi.runtime.getConfig(key);
  const secretKeys = secretConfigKeys();
  if (value === undefined || value === "" || secretKeys === undefined || secretKeys.includes(key)) return;
  void pulumi.log.warn(plainKeyWarning(), resource);
}

const SecretKeys = z.array(z.string());

/** The keys the language host says are secrets; undefined when it says nothing. */
function secretConfigKeys(): string[] | undefined {
  const text = process.env.PULUMI_CONFIG_SECRET_KEYS;
  if (!text) return undefined;
  try {
    const parsed = SecretKeys.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The warning: the config file holds the key in plain text, and Pulumi copies it into the provider's inputs. */
export function plainKeyWarning(): string {
  const key = configKey("apiKey");
  return (
    `${key} is not a secret: the stack's config file (Pulumi.<stack>.yaml) holds the key in plain text, and so ` +
    "do the stack's state and its backups (the pulumi-nodejs provider's inputs). " +
    `Set it with \`pulumi config set --secret ${key} <key>\`, or use the ${SETTINGS.apiKey.env[0]} environment ` +
    "variable instead."
  );
}
