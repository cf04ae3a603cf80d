// Runs a Pulumi program in this process under pulumi.runtime.setMocks, handing every
// resource registration to a callback (the engine simulation), and waits until all
// registrations are done.
//
// Why a registration "fails" by never answering: if a mock newResource throws, the SDK
// deliberately re-raises the error as an unhandled rejection (runtime/resource.js
// runAsyncResourceOp), which Jest turns into a test failure. The real engine aborts the
// deployment at the first failed step anyway, so dependents never register; a pending
// answer reproduces exactly that, and the run ends once the in-flight steps settle.
import * as pulumi from "@pulumi/pulumi";

export type Program = () => unknown | Promise<unknown>;

export interface ProgramRunOptions {
  project: string;
  stack: string;
  preview: boolean;
  /** Stack config the program sees through pulumi.Config (namespaced keys). */
  config: Record<string, string>;
  /** Answers an invoke; without it the program's invokes fail (the harness simulates none). */
  call?(args: pulumi.runtime.MockCallArgs): Promise<Record<string, unknown>>;
  /** Handles one registration. `undefined` = the step failed: the program never gets an answer. */
  register(args: pulumi.runtime.MockResourceArgs): Promise<pulumi.runtime.MockResourceResult | undefined>;
}

export interface ProgramRunResult {
  /** Resolved stack outputs (unknowns as the sentinel string; secrets unwrapped). Empty if the run failed. */
  outputs: Record<string, unknown>;
  /** A step failed (the callback returned undefined) or the program threw. */
  failed: boolean;
  /** The program's own exception or an unexpected harness error, if any. */
  programError?: string;
}

// The SDK runtime is process-global: one program at a time.
let lock: Promise<unknown> = Promise.resolve();

export function runProgram(program: Program, opts: ProgramRunOptions): Promise<ProgramRunResult> {
  const run = lock.then(() => runExclusive(program, opts));
  lock = run.catch(() => undefined);
  return run;
}

async function runExclusive(program: Program, opts: ProgramRunOptions): Promise<ProgramRunResult> {
  let failed = false;
  let programError: string | undefined;
  let signalFailure = () => {};
  const failure = new Promise<"failed">((resolve) => (signalFailure = () => resolve("failed")));
  const fail = (message?: string) => {
    failed = true;
    if (message && !programError) programError = message;
    signalFailure();
  };
  const inFlight = new Set<Promise<unknown>>();
  const never = new Promise<never>(() => {});

  const mocks: pulumi.runtime.Mocks = {
    call: (args) => {
      if (opts.call) return opts.call(args);
      throw new Error(`harness: function calls are not simulated (${args.token})`);
    },
    newResource: (args) => {
      if (failed) return never; // the engine has stopped launching steps
      const step = opts.register(args).then(
        (result) => {
          if (!result) fail();
          return result;
        },
        (e: unknown) => {
          fail(`harness error for ${args.name}: ${messageOf(e)}`);
          return undefined;
        },
      );
      const tracked = step.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      return tracked.then((result) => result ?? never);
    },
  };

  // setMocks -> settings.resetOptions: fresh monitor, rpcDone, stack resource; config is separate.
  await pulumi.runtime.setMocks(mocks, opts.project, opts.stack, opts.preview);
  pulumi.runtime.setAllConfig(opts.config, []);

  let returned: unknown;
  try {
    returned = await program();
  } catch (e) {
    fail(`program failed: ${messageOf(e)}`);
  }

  // disconnect() waits for the SDK's rpcDone chain: every registration, including ones
  // still serializing their __provider when the program function returned.
  const outputsPromise = failed ? Promise.resolve({}) : resolveOutputs(returned);
  const settled = await Promise.race([
    Promise.all([pulumi.runtime.disconnect(), outputsPromise]).then(([, outputs]) => outputs),
    failure,
  ]).catch((e: unknown) => {
    fail(`program outputs failed: ${messageOf(e)}`);
    return "failed" as const;
  });
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);

  return {
    outputs: settled === "failed" || failed ? {} : settled,
    failed,
    ...(programError ? { programError } : {}),
  };
}

/** Stack outputs go through the SDK's own serializer: Outputs resolved, unknowns -> sentinel. */
async function resolveOutputs(returned: unknown): Promise<Record<string, unknown>> {
  if (returned === undefined || returned === null) return {};
  if (typeof returned !== "object") throw new Error("a program must return a record of stack outputs");
  const serialized = await pulumi.runtime.serializeProperties("stack outputs", returned as pulumi.Inputs);
  return unwrapSecrets(serialized) as Record<string, unknown>;
}

function unwrapSecrets(v: unknown): unknown {
  if (pulumi.runtime.isRpcSecret(v)) return unwrapSecrets(pulumi.runtime.unwrapRpcSecret(v));
  if (Array.isArray(v)) return v.map(unwrapSecrets);
  if (v !== null && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unwrapSecrets(x)]));
  }
  return v;
}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
