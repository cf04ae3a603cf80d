// Types for toolchain/location.js (plain JavaScript, so the build script runs without a compile step).
export interface Pins {
  pulumi: string;
  /** The oldest CLI release the compat suite runs (test/compat/cli-range.compat.ts); the README states the range. */
  pulumiOldest: string;
  pulumiYaml: string;
  pulumiJava: string;
  clipboardReplace: string;
  buildTags: string;
}
export const PINS_FILE: string;
export function readPins(): Pins;
export function pinsFor(cli: string | undefined, pins?: Pins): Pins;
export function toolchainDir(pins?: Pins, env?: NodeJS.ProcessEnv): string;
export function binDir(pins?: Pins, env?: NodeJS.ProcessEnv): string;
export const LANGUAGE_HOSTS_ENV: "PULUMI_POSTHOG_LANGUAGE_HOSTS";
export function hostFolders(cliFolder: string, env?: NodeJS.ProcessEnv): string[];
export function cliPath(cliFolder: string, env?: NodeJS.ProcessEnv): string;
