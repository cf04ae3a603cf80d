/**
 * `pulumi-posthog/<version>` from the package's own package.json, read at runtime.
 * The relative path is the same from src/client (ts-jest) and dist/client (built and installed).
 */
export function userAgent(): string {
  return `pulumi-posthog/${packageVersion()}`;
}

let cached: string | undefined;

export function packageVersion(): string {
  if (cached === undefined) {
    try {
      const pkg: unknown = require("../../package.json");
      cached =
        typeof pkg === "object" && pkg !== null && "version" in pkg && typeof pkg.version === "string"
          ? pkg.version
          : "0.0.0";
    } catch {
      cached = "0.0.0";
    }
  }
  return cached;
}
