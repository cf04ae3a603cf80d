// What one step of a run decided that a step in another provider process of the same run depends on: that an
// object found at another PostHog is left where it is (placement.ts), that a program lifted a survey's deletion
// protection for its replacement (resources/survey/deletion-protection.ts). The engine runs a resource's diff and
// create in the provider its program names now, and the delete of the object it replaces in the provider its state
// names (pulumi/pulumi pkg/resource/deploy/step.go, DeleteStep.Apply: getProvider(s, s.provider), the provider of
// the OLD state; pkg/resource/deploy/step_generator.go, providerChanged: a move from the default provider to an
// explicit one is no replacement of the provider when its DiffConfig says so, and the resource's own Diff then
// runs in the NEW provider's process). Each provider is its own process (pkg/resource/deploy/providers/
// registry.go, loadProvider), so such a fact kept only in memory never reaches the delete: it is kept here in
// memory and in the run's record (run-record.ts) as well, which every provider process of the run reads.
import { noteAcrossRun, notedAcrossRun } from "./run-record";

/** A kind of fact: a value noted under a key (an object's id), read back in any process of the run. */
export interface RunFacts {
  /** Notes `value` for `key`, for this process and every other of the run. */
  note(key: string, value: string): void;
  /** The value noted for `key` by any provider process of the run (this one first), if any. */
  get(key: string): string | undefined;
}

/** The facts of one kind (`scope`, unique among kinds). Outside a provider process only memory applies. */
export function runFacts(scope: string): RunFacts {
  const here = new Map<string, string>();
  return {
    note(key, value) {
      here.set(key, value);
      noteAcrossRun(`fact:${scope}`, key, { id: value, name: value });
    },
    get(key) {
      return here.get(key) ?? notedAcrossRun(`fact:${scope}`, key)[0]?.name;
    },
  };
}
