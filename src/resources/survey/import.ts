// Import of a survey by its id (UUID), in the project the provider's settings name (its current project when
// none): see ../../provider-kit/import.ts.
import { callContext, scopeForCreate } from "../../provider-kit/context";
import { importedAs, type Imported } from "../../provider-kit/import";
import { read } from "./apply";
import { surveyArgsOf } from "./export";
import { declareSurvey } from "./declaration";
import { check } from "./preview";

/** undefined when the project has no survey with this id. */
export async function importSurvey(id: string): Promise<Imported | undefined> {
  const projectId = await scopeForCreate("Survey", "project", undefined, callContext());
  const found = await read(id, { projectId });
  if (!found.id || !found.props) return undefined;
  return importedAs(found.id, found.props, { ...surveyArgsOf(found.props).args, projectId }, (olds, news) =>
    check(olds, declareSurvey(news)),
  );
}
