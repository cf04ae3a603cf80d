// The Survey provider's preview calls: check (validation before any request) and diff (declared inputs against
// the stored outputs). They load no HTTP client; see provider.ts.
import type * as pulumi from "@pulumi/pulumi";
import { resolveSettings } from "../../config";
import { validateSurveyInputs } from "../../model/input/survey";
import { CURRENT, declaredScope } from "../../scope";
import { changedFields } from "./fields";
import { unlaunchFailures } from "./lifecycle-rules";
import { declaredKeysChanged, lastDeclared } from "../common/declared";

type Json = Record<string, unknown>;

export async function check(olds: Json, news: Json): Promise<pulumi.dynamic.CheckResult> {
  const failures = [...validateSurveyInputs(news), ...unlaunchFailures(olds, news)];
  if (failures.length > 0) return { inputs: news, failures };
  const inputs = { ...news };
  if (typeof inputs.projectId === "number") inputs.projectId = String(inputs.projectId);
  return { inputs };
}

export async function diff(_id: string, olds: Json, news: Json): Promise<pulumi.dynamic.DiffResult> {
  const previouslyDeclared = lastDeclared(olds);
  const oldProject = String(olds.projectId);
  const newProject = declaredScope("project", news.projectId, resolveSettings());
  // A project the default resolves to "@current" is the same project the survey was created in.
  const replaces = newProject !== oldProject && newProject !== CURRENT ? ["projectId"] : [];
  const changed = changedFields(news, olds, previouslyDeclared);
  return {
    changes: replaces.length > 0 || changed.length > 0 || declaredKeysChanged(news, olds),
    replaces,
    deleteBeforeReplace: false,
  };
}
