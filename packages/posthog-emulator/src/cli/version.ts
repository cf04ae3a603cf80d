import * as fs from "node:fs";
import * as path from "node:path";
import { isObject, parseJson } from "../core/json";

/** This package's version from its own package.json; the relative path is the same from src/cli and dist/cli. */
export function packageVersion(): string {
  try {
    const pkg = parseJson(fs.readFileSync(path.join(__dirname, "../../package.json"), "utf8"));
    return isObject(pkg) && typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}
