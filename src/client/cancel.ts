// The engine's Cancel, as the HTTP client sees it: one signal for the whole process. The engine sends Cancel to
// every provider when the run is cancelled (a single Ctrl-C): pulumi/pulumi pkg/resource/deploy/
// deployment_executor.go, Execute, calls Host.SignalCancellation when the caller's context ends, and the host calls
// each provider's Cancel. The protocol asks a provider to abort what it is doing and answer those calls with an
// error (proto/pulumi/provider.proto, Cancel). A process that was cancelled serves no more work, so the signal
// is never reset.
const controller = new AbortController();

/** Aborts every request in flight and every one after it. */
export function cancelRequests(): void {
  controller.abort();
}

/** Aborted once the engine has cancelled the run. */
export const cancellation: AbortSignal = controller.signal;
