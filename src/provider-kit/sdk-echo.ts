// The SDK's dynamic-provider server prints every error a provider call throws before it answers the engine with
// that same error: @pulumi/pulumi cmd/dynamic-provider/index.js, ResourceProviderService.check (and diff, read,
// delete) catch `e`, run `console.error(`${e}: ${e.stack}`)` and then `callback(e)`. A dynamic provider's
// stderr reaches the display at normal verbosity (engine-log.ts), so each refusal showed twice, the first copy
// ending in `.:` (the scrubber empties the stack, src/scrub.ts). The engine's copy names the resource; the echo
// adds nothing, so in that process the seam announces each error it throws and the echo of exactly that error is
// dropped. Every other line the process writes to stderr passes untouched.

/** The SDK's dynamic provider server, as the `pulumi-resource-pulumi-nodejs` script starts it. */
const DYNAMIC_PROVIDER_MAIN = /[\\/]cmd[\\/]dynamic-provider([\\/]index\.js)?$/;

/** Whether this process is the SDK's dynamic provider server. */
export function inDynamicProvider(): boolean {
  return DYNAMIC_PROVIDER_MAIN.test(process.argv[1] ?? "");
}

/** The echoes announced and not yet printed. */
const expected = new Set<string>();

let installed = false;

/** The line the SDK prints for `error` (cmd/dynamic-provider/index.js). */
function echoOf(error: Error): string {
  return `${String(error)}: ${error.stack ?? ""}`;
}

/** Drops the SDK's echo of the errors announced by `expectEcho`; the first call installs the filter. */
function install(): void {
  if (installed) return;
  installed = true;
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const [line] = args;
    if (args.length === 1 && typeof line === "string" && expected.delete(line)) return;
    print(...args);
  };
}

/**
 * Announces that `error` is about to be thrown to the SDK's dynamic-provider server, which echoes it; outside that
 * process (the plugin, a test) nothing is echoed and nothing is done.
 */
export function expectEcho(error: Error): void {
  if (!inDynamicProvider()) return;
  install();
  expected.add(echoOf(error));
}
