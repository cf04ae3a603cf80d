// The engine's detailed diff from a resource's diff answer (provider-kit/detailed-diff.ts): every top-level input
// that differs between the stored inputs and the new ones, as the engine itself would list it when a provider sends
// none (pulumi/pulumi pkg/resource/deploy/step_generator.go, diffResource: the old inputs' Diff of the new, keys
// starting "__" left out as internal, resource.IsInternalPropertyKey), except that an input the resource describes
// by its elements (`questions[2]`) is sent as those paths. Old values are read from the old inputs (`inputDiff`), as
// the engine does for its own.
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import type { DiffAnswer, ElementDiffKind } from "../provider-kit/detailed-diff";
import { deepEqualLoose } from "../provider-kit/equality";
import type { Props } from "./wire-values";

const KIND = pb.PropertyDiff.Kind;

function kindOf(kind: ElementDiffKind, replaces: boolean): pb.PropertyDiff.Kind {
  switch (kind) {
    case "add":
      return replaces ? KIND.ADD_REPLACE : KIND.ADD;
    case "delete":
      return replaces ? KIND.DELETE_REPLACE : KIND.DELETE;
    case "update":
      return replaces ? KIND.UPDATE_REPLACE : KIND.UPDATE;
  }
}

/** The changed paths and their kinds, or undefined when the answer describes no input by its elements. */
export function detailedDiff(
  oldInputs: Props,
  newInputs: Props,
  answer: DiffAnswer,
): { path: string; kind: ElementDiffKind; replaces: boolean }[] | undefined {
  const elements = answer.elementDiffs;
  if (elements === undefined) return undefined;
  const keys = [...new Set([...Object.keys(oldInputs), ...Object.keys(newInputs)])].filter(
    (key) => !key.startsWith("__"),
  );
  return keys.flatMap((key) => {
    const before = oldInputs[key];
    const after = newInputs[key];
    if (deepEqualLoose(before, after)) return [];
    const replaces = (answer.replaces ?? []).includes(key);
    const paths = elements[key];
    if (paths && paths.length > 0) return paths.map((p) => ({ ...p, replaces }));
    const kind: ElementDiffKind =
      before === undefined || before === null
        ? "add"
        : after === undefined || after === null
          ? "delete"
          : "update";
    return [{ path: key, kind, replaces }];
  });
}

/** Sets the detailed diff on the engine's answer (none when it would be empty: the engine then diffs by itself). */
export function withDetailedDiff(
  response: pb.DiffResponse,
  paths: ReturnType<typeof detailedDiff>,
): pb.DiffResponse {
  if (!paths || paths.length === 0) return response;
  const map = response.getDetaileddiffMap();
  for (const { path, kind, replaces } of paths)
    map.set(path, new pb.PropertyDiff().setKind(kindOf(kind, replaces)).setInputdiff(true));
  const top = [...new Set(paths.map(({ path }) => path.split(/[.[]/)[0] ?? path))];
  return response.setHasdetaileddiff(true).setDiffsList(top);
}
