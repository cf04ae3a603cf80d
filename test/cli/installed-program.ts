// What each real-CLI test starts from: the packed package installed into a fresh folder, an emulator, and the
// CLI run in that folder on a local backend; all of it removed afterwards.
import { EmulatorHandle, startEmulator } from "posthog-emulator";
import { packAndInstall } from "../package/install";
import { cliIn } from "../support/pulumi-cli";

export interface CliProgram {
  dir: string;
  emulator: EmulatorHandle;
  cli: ReturnType<typeof cliIn>;
}

export async function inInstalledProgram(pulumi: string, body: (program: CliProgram) => Promise<void>) {
  const installed = packAndInstall();
  const emulator = await startEmulator({ port: 0 });
  try {
    await body({ dir: installed.dir, emulator, cli: cliIn(pulumi, installed.dir) });
  } finally {
    await emulator.close();
    installed.cleanup();
  }
}
