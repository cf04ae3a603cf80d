// `posthog-emulator` as test files import it (jest.config.js maps the name here): the package's source, with each
// in-process emulator start counted for the per-file table of CI (test/setup/file-counts.ts). Nothing else differs.
import {
  startEmulator as startUncounted,
  type EmulatorHandle,
  type EmulatorOptions,
} from "../../packages/posthog-emulator/src";
import { countInFile } from "../setup/file-counts";

export * from "../../packages/posthog-emulator/src";

export function startEmulator(opts?: EmulatorOptions): Promise<EmulatorHandle> {
  countInFile("emulator");
  return startUncounted(opts);
}
