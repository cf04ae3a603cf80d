// A small, explicit simulation of what the Pulumi engine does with dynamic resources
// (docs/contributing/pulumi-engine.md#engine-steps): the program runs under mocks, every
// pulumi-nodejs:dynamic resource is turned into Check/Diff/Create/Update/Delete calls on
// the real dynamic-provider gRPC server, and the results are kept in a state store.
import * as pulumi from "@pulumi/pulumi";
import { Program, messageOf, runProgram } from "./program";
import { InitFailure, ProviderCallError, ProviderServer } from "./provider-server";
import { StackConfig, StateResource, StateStore } from "./state";
import { Props, changedKeys, toEngineInputs } from "./values";

export type { Program } from "./program";

/**
 * Which registrations are provider steps and which provider process serves each. The default: the program's
 * dynamic resources, all served by `server`. A package's provider plugin routes its own types instead, to its
 * default provider (`server`, configured from stack config) or to the explicit provider the resource names
 * (pulumi/pulumi pkg/resource/deploy/providers/registry.go: one loaded plugin per provider reference).
 */
export interface ProviderRouting {
  handles(type: string): boolean;
  /** A `pulumi:providers:<pkg>` registration: load and configure that provider; its id and checked inputs. */
  registerProvider?(
    args: pulumi.runtime.MockResourceArgs,
    urn: string,
  ): Promise<pulumi.runtime.MockResourceResult>;
  /** The server for a provider reference (`urn::id`); undefined is the default provider. */
  server(provider: string | undefined): ProviderServer;
  /** An invoke from the program, sent to the provider it names. */
  call?(args: pulumi.runtime.MockCallArgs): Promise<Record<string, unknown>>;
}

export interface EngineOptions {
  /** The default provider's process (the dynamic-provider plugin, or a package's plugin). */
  server: ProviderServer;
  routing?: ProviderRouting;
  /**
   * Whole stack config, namespaced keys ("posthog:host"): visible to the program, and sent to Configure where a
   * program runs (preview, up, import). Refresh and destroy configure the default provider with the config of
   * the last up instead, which the state records, as the real engine does.
   */
  config?: Record<string, string>;
  /** JSON state file; default in memory. */
  statePath?: string;
  /** Concurrent resource steps (the engine's --parallel). Default 8. */
  parallelism?: number;
  stack?: string;
  project?: string;
}

export type StepOp = "create" | "update" | "replace" | "delete" | "same" | "refresh" | "read" | "import";

export interface Step {
  urn: string;
  name: string;
  type: string;
  op: StepOp;
  id?: string;
  /** Top-level input keys that differ, old inputs vs new checked inputs, without __provider (the CLI's [diff: ...]). */
  changedKeys: string[];
  replaceKeys: string[];
  checkFailures: { property: string; reason: string }[];
  outputs?: Props;
}

export interface RunResult {
  /** The steps of the program's resources, the stack's mark left out (it is in `markSteps`). */
  steps: Step[];
  /** The steps of the stack's mark (src/resources/stack-mark/): a create on a stack's first run, then sames. */
  markSteps: Step[];
  outputs: Record<string, unknown>;
  errors: { urn: string; message: string }[];
}

export interface Engine {
  preview(program: Program): Promise<RunResult>;
  up(program: Program): Promise<RunResult>;
  refresh(): Promise<RunResult>;
  destroy(): Promise<RunResult>;
  /** `pulumi import <type> <name> <id>` with the default provider. */
  import(type: string, name: string, id: string): Promise<RunResult>;
  /** The program's resources in the state, the stack's mark left out (it is `stackMark()`). */
  state(): StateResource[];
  /** The stack's mark resource in the state: every program with a Survey has one. */
  stackMark(): StateResource | undefined;
}

/**
 * The stack's mark (src/resources/stack-mark/) is a resource of every dynamic program that declares a Survey,
 * registered by the first Survey. The engine treats it like any other (it is in the state, created, refreshed and
 * deleted); the results show it apart, so a test of what a program's resources do reads their steps and state as
 * the program declares them, and a test of the mark reads `markSteps` and `stackMark()`.
 */
const isStackMark = (r: { type: string }) => r.type === `${DYNAMIC_TYPE_PREFIX}/posthog:StackMark`;

function apart({ steps, ...rest }: Omit<RunResult, "markSteps">): RunResult {
  return { ...rest, steps: steps.filter((s) => !isStackMark(s)), markSteps: steps.filter(isStackMark) };
}

export function createEngine(opts: EngineOptions): Engine {
  const engine = new SimulatedEngine(opts);
  return {
    preview: async (program) => apart(await engine.preview(program)),
    up: async (program) => apart(await engine.up(program)),
    refresh: async () => apart(await engine.refresh()),
    destroy: async () => apart(await engine.destroy()),
    import: async (type, name, id) => apart(await engine.import(type, name, id)),
    state: () => engine.state().filter((r) => !isStackMark(r)),
    stackMark: () => engine.state().find(isStackMark),
  };
}

const DYNAMIC_TYPE_PREFIX = "pulumi-nodejs:dynamic"; // "pulumi-nodejs:dynamic:Resource" or ".../<module>:<type>"

/** A run's result with every step together, as the simulation records it. */
type RawResult = Omit<RunResult, "markSteps">;

/**
 * The config each server's current process was last sent. A changed config is sent again (programs read their own
 * keys from it), but the plugin calls a provider's configure() only when it first loads that provider: within one
 * process provider settings (e.g. posthog:apiKey) stay as first configured. Each operation runs in a new process
 * (`newProcess`), which is configured afresh.
 */
const configuredWith = new WeakMap<ProviderServer, string>();

/** What one operation accumulates. */
interface Run {
  preview: boolean;
  steps: Step[];
  errors: { urn: string; message: string }[];
  /** The new state, in step completion order (dependencies complete before dependents). */
  next: StateResource[];
}

type Identity = Pick<StateResource, "urn" | "name" | "type" | "provider">;
type MockResult = pulumi.runtime.MockResourceResult;

class SimulatedEngine {
  private readonly server: ProviderServer;
  private readonly store: StateStore;
  private readonly config: Record<string, string>;
  private readonly project: string;
  private readonly stack: string;
  private readonly limit: Semaphore;
  private readonly routing: ProviderRouting;

  constructor(opts: EngineOptions) {
    this.server = opts.server;
    this.routing = opts.routing ?? {
      handles: (type) => type.startsWith(DYNAMIC_TYPE_PREFIX),
      server: () => opts.server,
    };
    this.store = new StateStore(opts.statePath);
    this.config = opts.config ?? {};
    this.project = opts.project ?? "project";
    this.stack = opts.stack ?? "stack";
    this.limit = new Semaphore(opts.parallelism ?? 8);
  }

  state(): StateResource[] {
    return this.store.list();
  }

  preview(program: Program): Promise<RawResult> {
    return this.deploy(program, true);
  }

  up(program: Program): Promise<RawResult> {
    return this.deploy(program, false);
  }

  /**
   * Each operation is its own `pulumi` command, and each command loads its providers afresh: a new plugin process
   * (pulumi/pulumi pkg/host/host.go, defaultHost.Provider starts one per load; pkg/resource/deploy/providers/
   * registry.go loads one per provider reference of the run). So the default provider's process is replaced
   * before each operation once it has served one, and configured again.
   */
  private async newProcess(): Promise<void> {
    if (await this.server.startRun()) configuredWith.delete(this.server);
  }

  async refresh(): Promise<RawResult> {
    await this.newProcess();
    await this.configureFromState();
    const run = newRun(false);
    const refreshed = await Promise.all(
      this.store.list().map((r) => this.limit.run(() => this.refreshOne(run, r))),
    );
    this.store.replaceAll(refreshed.filter((r): r is StateResource => r !== undefined));
    return { steps: run.steps, outputs: {}, errors: run.errors };
  }

  async destroy(): Promise<RawResult> {
    await this.newProcess();
    await this.configureFromState();
    const run = newRun(false);
    const remaining: StateResource[] = [];
    // Reverse creation order: dependents go before what they depend on.
    for (const r of this.store.list().reverse()) {
      // The engine deletes a resource only once everything that depends on it is gone (pkg/resource/deploy/
      // step_generator.go, scheduleDeletes). Every Survey takes the stack mark's output, so a survey left by a
      // failed delete keeps the mark.
      const keptDependent = isStackMark(r) && remaining.some((kept) => kept.type.endsWith("posthog:Survey"));
      if (keptDependent || !(await this.deleteOne(run, r))) remaining.unshift(r);
    }
    // The default provider goes with the last resource that used it.
    this.store.replaceAll(remaining, remaining.some(usesDefaultProvider) ? undefined : null);
    return { steps: run.steps, outputs: {}, errors: run.errors };
  }

  /**
   * A planned import (pulumi/pulumi pkg/resource/deploy/step.go, ImportStep.Apply): Read with only the id, which
   * must return inputs; then Check of those inputs against themselves, whose failures the engine shows as
   * warnings. The resource joins the state with the inputs and outputs read.
   */
  async import(type: string, name: string, id: string): Promise<RawResult> {
    // pulumi import registers the default provider from the stack config as it is now, as up does.
    await this.newProcess();
    await this.configure(this.config);
    const run = newRun(false);
    const urn = `urn:pulumi:${this.stack}::${this.project}::${type}::${name}`;
    // A failed Read fails the import with the provider's message (pkg/resource/deploy/step.go, ImportStep.Apply).
    const res = await this.server.read(id, urn, {}, {}).catch((error: unknown) => {
      if (!(error instanceof ProviderCallError)) throw error;
      run.errors.push({ urn, message: error.message });
      return undefined;
    });
    if (!res) return { steps: run.steps, outputs: {}, errors: run.errors };
    if (!res.id) run.errors.push({ urn, message: `resource '${id}' does not exist` });
    else if (!res.inputs) run.errors.push({ urn, message: "provider does not support importing resources" });
    else {
      const { failures } = await this.server.check(urn, res.inputs, res.inputs);
      const step = { urn, name, type, id: res.id, changedKeys: [], replaceKeys: [], checkFailures: failures };
      run.steps.push({ ...step, op: "import", outputs: res.outputs });
      this.store.replaceAll(
        [...this.store.list(), { urn, name, type, id: res.id, inputs: res.inputs, outputs: res.outputs }],
        this.config,
      );
    }
    return { steps: run.steps, outputs: {}, errors: run.errors };
  }

  private async configure(config: StackConfig): Promise<void> {
    const key = JSON.stringify(config);
    if (configuredWith.get(this.server) === key) return;
    await this.server.configure(config);
    configuredWith.set(this.server, key);
  }

  /**
   * Where no program runs, the real engine loads each resource's provider from the checkpoint and configures it
   * with the inputs stored there, the config of the last up: pkg/resource/deploy/deployment_executor.go
   * (deploymentExecutor.refresh) and step_generator.go (GenerateDeletes, for destroy's null source) call
   * Deployment.EnsureProvider (deployment.go), which finds the provider's old state in the previous snapshot and
   * Sames it; providers/registry.go (Registry.Same) then calls Configure with that state's inputs.
   */
  private async configureFromState(): Promise<void> {
    const resources = this.store.list().filter(usesDefaultProvider);
    if (resources.length === 0) return; // the engine loads no provider that nothing in state uses
    const stored = this.store.defaultProviderConfig();
    if (!stored) {
      // The engine fails the same way: EnsureProvider's "could not find provider".
      throw new Error(
        `could not load provider for resource ${resources[0].urn}: the harness state records no config for ` +
          "the default provider (a state file written before the harness recorded it: add it with " +
          "StateStore.replaceAll(resources, config))",
      );
    }
    await this.configure(stored);
  }

  private async deploy(program: Program, preview: boolean): Promise<RawResult> {
    await this.newProcess();
    await this.configure(this.config);
    const olds = this.store.list();
    const oldByUrn = new Map(olds.filter((r) => !r.pendingDelete).map((r) => [r.urn, r]));
    const registered = new Set<string>();
    let defaultProviderRegistered = false;
    const run = newRun(preview);

    const result = await runProgram(program, {
      project: this.project,
      stack: this.stack,
      preview,
      config: this.config,
      ...(this.routing.call ? { call: this.routing.call.bind(this.routing) } : {}),
      register: async (args) => {
        if (this.routing.registerProvider && args.type.startsWith("pulumi:providers:")) {
          const urn = `urn:pulumi:${this.stack}::${this.project}::${args.type}::${args.name}`;
          return this.routing.registerProvider(args, urn);
        }
        if (!this.routing.handles(args.type)) {
          // Components and other packages' resources: echo inputs, as plain mocks do.
          return { id: args.custom ? `${args.name}_id` : undefined, state: args.inputs };
        }
        const urn = `urn:pulumi:${this.stack}::${this.project}::${args.type}::${args.name}`;
        if (registered.has(urn)) {
          run.errors.push({ urn, message: `Duplicate resource URN '${urn}'` });
          return undefined;
        }
        registered.add(urn);
        if (!args.provider) defaultProviderRegistered = true;
        const who = {
          urn,
          name: args.name,
          type: args.type,
          ...(args.provider ? { provider: args.provider } : {}),
        };
        return this.limit.run(() => this.registerOne(run, who, args, oldByUrn.get(urn)));
      },
    });
    if (result.programError) run.errors.push({ urn: this.stackUrn(), message: result.programError });

    // Resources the program no longer declares, and replaced ones still pending deletion: deleted after the
    // program finishes, newest first. After a failure the engine cannot know what was meant, so it keeps them.
    for (const old of olds.filter((r) => r.pendingDelete || !registered.has(r.urn)).reverse()) {
      if (result.failed || !(await this.deleteOne(run, old))) run.next.push(old);
    }
    if (!preview)
      this.store.replaceAll(run.next, this.providerConfigAfterUp(run.next, defaultProviderRegistered));
    return { steps: run.steps, outputs: result.outputs, errors: run.errors };
  }

  /** One registration: create, read (Resource.get), or Check + Diff on an existing resource. */
  private async registerOne(
    run: Run,
    who: Identity,
    args: pulumi.runtime.MockResourceArgs,
    old: StateResource | undefined,
  ): Promise<MockResult | undefined> {
    const { props: news, secretKeys } = toEngineInputs(args.inputs as Props);
    try {
      if (args.id) return await this.readExternal(run, who, args.id, news);
      if (!old) return await this.createNew(run, who, news, secretKeys, "create", []);
      return await this.updateExisting(run, who, old, news, secretKeys);
    } catch (e) {
      run.errors.push({ urn: who.urn, message: messageOf(e) });
      if (old) run.next.push(old);
      return undefined;
    }
  }

  /** Check(olds={}) then Create; in preview the checked inputs stand in for the outputs. */
  private async createNew(
    run: Run,
    who: Identity,
    news: Props,
    secretKeys: string[],
    op: "create" | "replace",
    replaceKeys: string[],
    oldInputs: Props = {},
  ): Promise<MockResult | undefined> {
    const inputs = await this.check(run, who, {}, news, op);
    if (!inputs) return undefined;
    const step = { ...who, op, changedKeys: changedKeys(oldInputs, inputs), replaceKeys, checkFailures: [] };
    if (run.preview) {
      run.steps.push({ ...step, outputs: inputs });
      return { id: undefined, state: inputs }; // id and non-input outputs stay unknown
    }
    const created = await this.callWithInitFailure(run, who, inputs, secretKeys, () =>
      this.serverOf(who).create(who.urn, inputs),
    );
    if (!created) return undefined;
    if (!created.id) throw new Error("plugin returned empty resource.ID from create");
    const state = { ...who, id: created.id, inputs, outputs: created.outputs, ...secretField(secretKeys) };
    run.next.push(state);
    run.steps.push({ ...step, id: created.id, outputs: created.outputs });
    return programState(state);
  }

  private async updateExisting(
    run: Run,
    who: Identity,
    old: StateResource,
    news: Props,
    secretKeys: string[],
  ): Promise<MockResult | undefined> {
    const inputs = await this.check(run, who, old.inputs, news, "update");
    if (!inputs) {
      run.next.push(old);
      return undefined;
    }
    const diff = await this.serverOf(who).diff(old.id, who.urn, old.outputs, old.inputs, inputs);
    // DIFF_UNKNOWN: the engine diffs old vs new inputs itself, __provider included (#12401).
    const changed =
      diff.changes === "some" ||
      (diff.changes === "unknown" && changedKeys(old.inputs, inputs, true).length > 0) ||
      (old.initErrors?.length ?? 0) > 0; // a resource with init errors is always updated
    const step = { ...who, id: old.id, changedKeys: changedKeys(old.inputs, inputs), checkFailures: [] };

    if (!changed) {
      const { secretInputs: _previous, ...rest } = old;
      const kept = { ...rest, inputs, ...secretField(secretKeys) };
      run.next.push(kept);
      run.steps.push({ ...step, op: "same", replaceKeys: [], outputs: old.outputs });
      return programState(kept);
    }
    if (diff.replaces.length > 0) return this.replace(run, who, old, news, secretKeys, diff);

    if (run.preview) {
      run.steps.push({ ...step, op: "update", replaceKeys: [], outputs: inputs });
      return { id: old.id, state: inputs };
    }
    const updated = await this.callWithInitFailure(run, who, inputs, secretKeys, () =>
      this.serverOf(who)
        .update(old.id, who.urn, old.outputs, old.inputs, inputs)
        .then((r) => ({ id: old.id, ...r })),
    );
    if (!updated) return undefined;
    const state = { ...who, id: old.id, inputs, outputs: updated.outputs, ...secretField(secretKeys) };
    run.next.push(state);
    run.steps.push({ ...step, op: "update", replaceKeys: [], outputs: updated.outputs });
    return programState(state);
  }

  /** Replacement: a second Check with olds={}, then Create + Delete (or Delete first). */
  private async replace(
    run: Run,
    who: Identity,
    old: StateResource,
    news: Props,
    secretKeys: string[],
    diff: { replaces: string[]; deleteBeforeReplace: boolean },
  ): Promise<MockResult | undefined> {
    if (run.preview) return this.createNew(run, who, news, secretKeys, "replace", diff.replaces, old.inputs);
    if (diff.deleteBeforeReplace) {
      await this.serverOf(old).delete(old.id, who.urn, old.outputs, old.inputs);
      try {
        return await this.createNew(run, who, news, secretKeys, "replace", diff.replaces, old.inputs);
      } catch (e) {
        run.errors.push({ urn: who.urn, message: messageOf(e) }); // the old one is gone either way
        return undefined;
      }
    }
    const created = await this.createNew(run, who, news, secretKeys, "replace", diff.replaces, old.inputs);
    if (created) {
      try {
        await this.serverOf(old).delete(old.id, who.urn, old.outputs, old.inputs);
      } catch (e) {
        run.errors.push({ urn: who.urn, message: `deleting replaced ${old.id}: ${messageOf(e)}` });
        run.next.push({ ...old, pendingDelete: true }); // the next up deletes it
      }
    } else if (!run.next.some((r) => r.urn === who.urn)) {
      run.next.push(old); // creation of the replacement failed: the old one is still there
    }
    return created;
  }

  /** `Resource.get(name, id)`: the engine Reads it (also in preview) and never deletes it. */
  private async readExternal(
    run: Run,
    who: Identity,
    id: string,
    props: Props,
  ): Promise<MockResult | undefined> {
    const res = await this.serverOf(who).read(id, who.urn, props, {});
    if (!res.id) throw new Error(`resource '${id}' does not exist`);
    const state = { ...who, id: res.id, inputs: res.inputs ?? {}, outputs: res.outputs, external: true };
    run.next.push(state);
    run.steps.push({
      ...who,
      op: "read",
      id: res.id,
      changedKeys: [],
      replaceKeys: [],
      checkFailures: [],
      outputs: res.outputs,
    });
    return programState(state);
  }

  /** Check; failures fail the run (recorded as a step with checkFailures and as an error). */
  private async check(
    run: Run,
    who: Identity,
    olds: Props,
    news: Props,
    op: StepOp,
  ): Promise<Props | undefined> {
    const { inputs, failures } = await this.serverOf(who).check(who.urn, olds, news);
    if (failures.length === 0) return inputs;
    run.steps.push({
      ...who,
      op,
      changedKeys: changedKeys(olds, news),
      replaceKeys: [],
      checkFailures: failures,
    });
    const detail = failures.map((f) => `property ${f.property}: ${f.reason}`).join("; ");
    run.errors.push({ urn: who.urn, message: `${who.type} resource '${who.name}' has a problem: ${detail}` });
    return undefined;
  }

  /** Runs Create/Update; ErrorResourceInitFailed still records the resource (with its id) as the engine does. */
  private async callWithInitFailure(
    run: Run,
    who: Identity,
    inputs: Props,
    secretKeys: string[],
    call: () => Promise<{ id: string; outputs: Props }>,
  ): Promise<{ id: string; outputs: Props } | undefined> {
    try {
      return await call();
    } catch (e) {
      const failure: InitFailure | undefined = e instanceof ProviderCallError ? e.initFailure : undefined;
      if (!failure) throw e;
      run.errors.push({ urn: who.urn, message: messageOf(e) });
      const reasons = failure.reasons.length > 0 ? failure.reasons : [messageOf(e)];
      run.next.push({
        ...who,
        id: failure.id,
        inputs: failure.inputs ?? inputs,
        outputs: failure.outputs,
        ...secretField(secretKeys),
        initErrors: reasons,
      });
      return undefined;
    }
  }

  private async refreshOne(run: Run, r: StateResource): Promise<StateResource | undefined> {
    try {
      const res = await this.serverOf(r).read(r.id, r.urn, r.outputs, r.inputs);
      const step = { urn: r.urn, name: r.name, type: r.type, replaceKeys: [], checkFailures: [] };
      if (!res.id) {
        run.steps.push({ ...step, op: "delete", id: r.id, changedKeys: [] }); // gone: dropped from state
        return undefined;
      }
      // ReadResult.inputs replaces the stored inputs; without it, drift shows in the outputs.
      const changed = res.inputs ? changedKeys(r.inputs, res.inputs) : changedKeys(r.outputs, res.outputs);
      run.steps.push({ ...step, op: "refresh", id: res.id, changedKeys: changed, outputs: res.outputs });
      return { ...r, id: res.id, outputs: res.outputs, inputs: res.inputs ?? r.inputs };
    } catch (e) {
      run.errors.push({ urn: r.urn, message: messageOf(e) });
      return r;
    }
  }

  /** Delete with the stored outputs (their __provider) and inputs. Returns false if it failed. */
  private async deleteOne(run: Run, r: StateResource): Promise<boolean> {
    run.steps.push({
      urn: r.urn,
      name: r.name,
      type: r.type,
      op: "delete",
      id: r.id,
      changedKeys: [],
      replaceKeys: [],
      checkFailures: [],
    });
    if (run.preview || r.external) return true;
    try {
      await this.serverOf(r).delete(r.id, r.urn, r.outputs, r.inputs);
      return true;
    } catch (e) {
      run.errors.push({ urn: r.urn, message: messageOf(e) });
      return false;
    }
  }

  /**
   * The default provider's record after an up. The engine registers it, with the stack config of this run, when
   * the first resource asks for it (pkg/resource/deploy/default_providers.go, newRegisterDefaultProviderEvent:
   * Target.GetPackageConfig, the whole config for a dynamic provider); that step is saved even when resource steps
   * after it fail. Not asked for, the old record stays while resources in state still use it, and goes with them.
   */
  private providerConfigAfterUp(next: StateResource[], registered: boolean): StackConfig | null | undefined {
    if (registered) return this.config;
    return next.some(usesDefaultProvider) ? undefined : null;
  }

  /** The provider process of a resource: its explicit provider's, or the default one. */
  private serverOf(r: { provider?: string }): ProviderServer {
    return this.routing.server(r.provider);
  }

  private stackUrn(): string {
    return `urn:pulumi:${this.stack}::${this.project}::pulumi:pulumi:Stack::${this.project}-${this.stack}`;
  }
}

/** A resource served by the default provider (no explicit provider reference). */
function usesDefaultProvider(r: StateResource): boolean {
  return r.provider === undefined;
}

function newRun(preview: boolean): Run {
  return { preview, steps: [], errors: [], next: [] };
}

function secretField(secretKeys: string[]): Pick<StateResource, "secretInputs"> {
  return secretKeys.length > 0 ? { secretInputs: secretKeys } : {};
}

/** What the program sees: the outputs, with outputs named like secret inputs marked secret again. */
function programState(r: StateResource): MockResult {
  const secret = new Set(r.secretInputs ?? []);
  const state: Props = {};
  for (const [k, v] of Object.entries(r.outputs)) {
    state[k] = secret.has(k)
      ? { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value: v }
      : v;
  }
  return { id: r.id, state };
}

/** Limits concurrent provider steps, like the engine's parallelism. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // hand the slot over directly
      else this.active--;
    }
  }
}
