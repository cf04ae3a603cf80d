// A diff's answer with what the engine calls a detailed diff: the changed properties by path, so the CLI shows a
// change where it is (`questions[2]` added) rather than its own diff of the old and new inputs.
//
// Only the plugin face can send it: the engine reads `detailedDiff` from the DiffResponse when `hasDetailedDiff` is
// set (pulumi/pulumi pkg/resource/plugin/provider_plugin.go, decodeDetailedDiff), and the CLI then prints those
// paths alone (pkg/backend/display/diff.go, renderDiff; pkg/engine/detailedDiff.go, TranslateDetailedDiff). A
// dynamic provider cannot: the SDK's dynamic-provider server copies only `changes`, `replaces` and
// `deleteBeforeReplace` from what `diff` returns (@pulumi/pulumi sdk/nodejs/cmd/dynamic-provider/index.ts, diff;
// `DiffResult` in sdk/nodejs/dynamic/index.ts has no detailed diff), so the extra key below is ignored there.
//
// A path names one index in both lists: TranslateDetailedDiff reads the old value and the new one at the same path
// (addDiff, getProperty on each side), and the CLI prints one entry per index, an add before a delete before an
// update (pkg/backend/display/object_diff.go, printPropertyValueDiff). So an element that moved and changed has no
// path of its own; a resource then leaves the property to the whole-property update, which the CLI diffs by
// position, and says the meaning in its own warning.
import type * as pulumi from "@pulumi/pulumi";

export type ElementDiffKind = "add" | "delete" | "update";

/** One changed element: its path from the resource's inputs (`questions[2]`), old values read from the old inputs. */
export interface ElementDiff {
  readonly path: string;
  readonly kind: ElementDiffKind;
}

export interface DiffAnswer extends pulumi.dynamic.DiffResult {
  /**
   * For a top-level input the resource can say more precisely than "updated": its changed elements. Every other
   * changed input is sent whole (added, deleted or updated) by the plugin, as the engine would show it.
   */
  readonly elementDiffs?: Readonly<Record<string, readonly ElementDiff[]>>;
}
