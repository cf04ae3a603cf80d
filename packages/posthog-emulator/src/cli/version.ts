/** This package's version from its own package.json; the relative path is the same from src/cli and dist/cli. */
export function packageVersion(): string {
  try {
    const pkg = require("../../package.json") as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}
