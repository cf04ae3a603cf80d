// The harness's checkpoint: an ordered list of resources, in memory or in a JSON
// file. Order is creation order, so destroy can walk it backwards.
import * as fs from "fs";
import * as path from "path";
import { Props } from "./values";

export interface StateResource {
  urn: string;
  type: string;
  name: string;
  id: string;
  inputs: Props;
  outputs: Props;
  /** Top-level input keys the program marked secret (the real engine would encrypt these). */
  secretInputs?: string[];
  /** Set when create/update failed with ErrorResourceInitFailed: the next up updates it even without a diff. */
  initErrors?: string[];
  /** The provider reference (`urn::id`) of an explicit provider; absent for the default provider. */
  provider?: string;
  /** Read with Resource.get(): not managed, so never deleted. */
  external?: boolean;
  /**
   * Replaced (its replacement was created) but not yet deleted: the engine marks the old state `Delete` once the
   * replacement exists (pkg/backend/snapshot.go, createSnapshotMutation.End), and the next `up` deletes it
   * (pkg/resource/deploy/step_generator.go, GenerateDeletes).
   */
  pendingDelete?: boolean;
}

/** Stack config, namespaced keys ("posthog:apiKey"). */
export type StackConfig = Record<string, string>;

interface StateFile {
  version: 1;
  resources: StateResource[];
  /**
   * The default provider's inputs as the last `up` (or import) registered it: the stack config of that run. The
   * real engine keeps the default provider as a resource of the stack and configures it from these stored inputs
   * where no program runs (refresh, destroy), not from the stack config as it is now
   * (docs/contributing/engine-cross-check.md). Absent when no resource of the default provider is in state.
   */
  defaultProviderConfig?: StackConfig;
}

/**
 * State is JSON; copy it as JSON. (structuredClone would build the copies in Node's own realm, and under
 * jest the SDK's `instanceof Array` checks then fail, turning arrays into objects.)
 */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export class StateStore {
  private resources: StateResource[];
  private providerConfig: StackConfig | undefined;

  constructor(private readonly filePath?: string) {
    const loaded: StateFile =
      filePath && fs.existsSync(filePath) ? load(filePath) : { version: 1, resources: [] };
    this.resources = loaded.resources;
    this.providerConfig = loaded.defaultProviderConfig;
  }

  list(): StateResource[] {
    return copy(this.resources);
  }

  /** The config the default provider was last registered with; undefined when the state records none. */
  defaultProviderConfig(): StackConfig | undefined {
    return this.providerConfig && copy(this.providerConfig);
  }

  get(urn: string): StateResource | undefined {
    return this.resources.find((r) => r.urn === urn);
  }

  /**
   * Replaces the whole list and persists it. `providerConfig` replaces the default provider's recorded config
   * when given (null drops it); omitted, the recorded one stays.
   */
  replaceAll(resources: StateResource[], providerConfig?: StackConfig | null): void {
    this.resources = copy(resources);
    if (providerConfig !== undefined)
      this.providerConfig = providerConfig === null ? undefined : copy(providerConfig);
    this.save();
  }

  private save(): void {
    if (!this.filePath) return;
    const body: StateFile = {
      version: 1,
      resources: this.resources,
      ...(this.providerConfig ? { defaultProviderConfig: this.providerConfig } : {}),
    };
    fs.mkdirSync(path.dirname(this.filePath), { recursive: true });
    // Write-then-rename so a crashed test never leaves half a file behind.
    const tmp = `${this.filePath}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(body, null, 2));
    fs.renameSync(tmp, this.filePath);
  }
}

function load(filePath: string): StateFile {
  const parsed = JSON.parse(fs.readFileSync(filePath, "utf8")) as Partial<StateFile>;
  if (parsed.version !== 1 || !Array.isArray(parsed.resources)) {
    throw new Error(`${filePath} is not a harness state file (version 1)`);
  }
  return {
    version: 1,
    resources: parsed.resources,
    ...(parsed.defaultProviderConfig ? { defaultProviderConfig: parsed.defaultProviderConfig } : {}),
  };
}
