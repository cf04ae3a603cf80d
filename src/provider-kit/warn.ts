// Warnings from the provider process. The engine shows a provider's stderr to the person running Pulumi, and
// the outcome (e.g. "already a member") is not an error, so it must not fail the step.
export function warn(message: string): void {
  process.stderr.write(`warning: ${message}\n`);
}
