// The reference pages as this repository's code describes them now: catalogue() and the public exports.
import path from "node:path";
import { catalogue } from "../../src/resources/catalogue";
import { REPO_ROOT } from "../../test/support/self-link";
import { packageExports } from "./package-exports";
import { referencePages } from "./pages";

export const REFERENCE_DIR = path.join(REPO_ROOT, "docs/reference");

export function currentPages(): Map<string, string> {
  return referencePages(catalogue(), packageExports());
}
