// A provider process whose engine is gone sends PostHog nothing more. The engine starts each provider in a
// process group of its own (pulumi/pulumi pkg/resource/plugin/plugin.go, execPlugin: `exec.Command(bin, args...)`
// then `cmdutil.RegisterProcessGroup`, which sets Setpgid), so a SIGKILL of the `pulumi` process alone (a
// pipeline's `timeout -s KILL`, the OOM killer) reaches no provider: each finishes the calls it holds, and a POST it
// then sends (an invitation) is one no state records, so the recovery's `up` sends it again. The engine gives each
// provider its gRPC address (plugin.go, buildPluginArguments, after the logging flags; provider_plugin.go,
// NewProvider: `host.ServerAddr()`), on which it listens for the whole run: before each write this process
// connects to it, and ends when nothing listens there any more. Not the parent process: the dynamic providers'
// executable is a shell script that starts node without exec, and the shell outlives the engine.
import net from "node:net";
import { guardWrites } from "../write-guard";

/** How long a connect to the engine may take; a slow answer is an engine still there (only a refusal is not). */
const CONNECT_MS = 2_000;

/** The host and port of an engine address `host:port` (`[::1]:port` too), or undefined. */
export function hostAndPort(address: string): { host: string; port: number } | undefined {
  const match = /^\[?([^\]]*)\]?:(\d+)$/.exec(address);
  if (!match) return undefined;
  return { host: match[1] || "127.0.0.1", port: Number(match[2]) };
}

/** Whether something listens at `address`: false only when the connection is refused (no engine listens). */
export function engineListening(address: string): Promise<boolean> {
  const target = hostAndPort(address);
  if (!target) return Promise.resolve(true);
  return new Promise((resolve) => {
    const socket = net.connect(target);
    const done = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(CONNECT_MS, () => done(true));
    socket.once("connect", () => done(true));
    socket.once("error", (error: NodeJS.ErrnoException) => done(error.code !== "ECONNREFUSED"));
  });
}

/** What the process says on its way out (the engine is gone: only its debug log or a terminal may show it). */
export const engineGoneMessage = (address: string) =>
  `pulumi-posthog: the Pulumi engine at ${address} that started this provider is gone; ` +
  "it sent nothing more to PostHog and exits.\n";

/**
 * From now on every write of this process first checks the engine at `address`, and ends the process (exit code
 * 1) when it is gone. `exit` is the process's own unless a test gives another.
 */
export function stopWritesWithoutEngine(
  address: string,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  guardWrites(async () => {
    if (await engineListening(address)) return;
    process.stderr.write(engineGoneMessage(address));
    exit(1);
    // Never resolves: nothing of this call goes on, even where `exit` returned (a test's).
    await new Promise<never>(() => undefined);
  });
}
