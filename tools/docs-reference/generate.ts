// The reference pages as this repository's code describes them now: catalogue() and the public exports.
import path from "node:path";
import { catalogue } from "../../src/resources/catalogue";
import { REPO_ROOT } from "../../test/support/self-link";
import { packageExports } from "./package-exports";
import { exampleProgramFiles, referencePages } from "./pages";
import { getSchema } from "../../src/plugin/schema";
import { javaSdkCoordinates } from "../release/java-sdk";
import type { SchemaView } from "./examples";

export const REFERENCE_DIR = path.join(REPO_ROOT, "docs/reference");
export const EXAMPLES_DIR = path.join(REPO_ROOT, "examples/reference");

const schemaView = (): SchemaView => getSchema() as unknown as SchemaView;

export function currentPages(): Map<string, string> {
  return referencePages(catalogue(), packageExports(), schemaView());
}

/** The example programs, by path under examples/reference. */
export function currentExamples(): Map<string, string> {
  return exampleProgramFiles(catalogue(), schemaView(), javaSdkCoordinates(REPO_ROOT));
}
