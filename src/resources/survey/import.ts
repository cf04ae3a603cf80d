// Import of a survey by its id (UUID), in the project the provider's settings name (its current project when
// none): see ../../ownership/import.ts.
import { callContext, scopeForCreate } from "../../provider-kit/context";
import {
  checkImportId,
  claimImported,
  importedAs,
  notFoundForImport,
  type Imported,
  type ImportKind,
} from "../../ownership";
import { read } from "./apply";
import { surveyArgsOf } from "./export";
import { declareSurvey } from "./declaration";
import { check } from "./preview";

const SURVEY: ImportKind = {
  what: "survey",
  whereIdsAre: "the one in the survey's address in PostHog, …/surveys/<id>",
  scope: "project",
};

/** Fails saying what is wrong when the id is malformed or the project has no survey with it. */
export async function importSurvey(id: string, urn: string): Promise<Imported> {
  checkImportId(SURVEY, id);
  const projectId = await scopeForCreate("Survey", "project", undefined, callContext());
  const found = await read(id, { projectId });
  if (!found.id || !found.props) throw notFoundForImport(SURVEY, id, String(projectId));
  claimImported(SURVEY, "survey", found.id, urn);
  return importedAs(found.id, found.props, { ...surveyArgsOf(found.props).args, projectId }, (olds, news) =>
    check(olds, declareSurvey(news)),
  );
}
