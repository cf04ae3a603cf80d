// What a preview says about a resource that will adopt an existing object rather than create one. Pulumi's own
// word for that is `= import`, but the engine cannot import a dynamic resource: its import step reads the object
// with an ID and no properties (pkg/resource/deploy/step.go, ImportStep.Apply: plugin.ReadRequest carries URN and
// ID only), and the nodejs dynamic provider finds the code to run in the properties' `__provider`
// (sdk/nodejs/cmd/dynamic-provider/index.ts, read -> getProvider(props)), so the read fails. The engine counts an
// adoption as a create, and this warning, printed at check for each resource, says which ones are adoptions.
import type { Json } from "../provider-kit/json";
import { providerSettingsOnly } from "../provider-kit/settings-source";

/** The engine passes no old inputs to check for a resource its state does not hold yet (a create). */
export function isCreate(olds: Json): boolean {
  return Object.keys(olds).length === 0;
}

/**
 * The warning for `resource` (e.g. `Survey "NPS"`), which adopts `existing` (e.g. `PostHog's survey 42`) instead of
 * `instead` (e.g. `creating a survey`).
 */
export function adoptionWarning(resource: string, existing: string, instead: string): string {
  // The plugin's resources are not dynamic: `pulumi import` works for them, and the reason is only the dynamic
  // face's (issue 55, case 10). The engine counts the plugin's adoption as a create all the same: `adopt` is an input
  // of a create.
  const why = providerSettingsOnly()
    ? ", since adopt is an input of a create (pulumi import is the engine's own way to take an object in)."
    : ", as it cannot import a dynamic resource.";
  return (
    `${resource}: adopts ${existing} instead of ${instead}: the object becomes this stack's and nothing is ` +
    `created. Pulumi shows and counts an adoption as a create ("+")${why}`
  );
}
