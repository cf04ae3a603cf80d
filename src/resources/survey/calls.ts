// The Survey provider's engine calls, which both faces serve: the dynamic provider through provider.ts (the
// module the serialized shim loads) and the plugin through src/plugin/resources.ts. This is the seam where each
// face's raw property bags become one SurveyDeclaration (declaration.ts) before any rule sees them. A preview runs
// configure, check and diff, which load no HTTP client; create/read/update/delete load it on their first call.
import { atTheSeam, type ApplyCore } from "../../provider-kit/seam";
import { declareSurvey, type SurveyDeclaration } from "./declaration";
import * as preview from "./preview";

export { configureProvider as configure } from "../../provider-kit/configure";

const survey = atTheSeam("Survey", "project", declareSurvey, preview, (): ApplyCore<SurveyDeclaration> =>
  require("./apply"),
);
export const { check, diff, create, read, update } = survey;
const remove = survey.delete;
export { remove as delete };
