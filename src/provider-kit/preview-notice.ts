// A notice that belongs to the preview only: what a step may do, in the future tense ("if … has not accepted yet,
// a new invitation … replaces the pending one"). The `up` says what the step did instead (the resource's apply),
// so the notice is printed once per resource and text, in the preview, and never by the update that follows it.
// The engine may call Diff for one resource more than once in a run, and a non-interactive `pulumi up` runs a
// preview and then the update, each calling Diff (run-kind.ts).
//
// Which run is a preview: the dynamic face learns it from the program (run-kind.ts). The plugin face learns it
// from the engine's Update call, which carries `preview` (proto/pulumi/provider.proto, UpdateRequest.preview): the
// engine calls Update with `preview: true` for an update step of a preview when the provider supports preview,
// as the plugin says it does (src/plugin/service.ts, configure). So there a notice waits for that call.
import { warn } from "./warn";
import { runKind } from "./run-kind";

/** Notices said in this process, by URN and text. */
const said = new Set<string>();

/** Notices waiting for the plugin's Update of their resource, by URN. */
const waiting = new Map<string, string[]>();

let waitForUpdate = false;

/** The plugin face: a notice of a run that is not known to be a preview waits for the resource's Update call. */
export function noticesWaitForUpdate(): void {
  waitForUpdate = true;
}

function sayOnce(urn: string, text: string): void {
  const key = `${urn}\u0000${text}`;
  if (said.has(key)) return;
  said.add(key);
  warn(text);
}

/** A preview's notice about the resource `urn` (empty when the face gave none). */
export function previewNotice(urn: string | undefined, text: string): void {
  const kind = runKind();
  if (kind === "update") return;
  if (kind === undefined && waitForUpdate && urn) {
    const texts = waiting.get(urn) ?? [];
    if (!texts.includes(text)) texts.push(text);
    waiting.set(urn, texts);
    return;
  }
  sayOnce(urn ?? "", text);
}

/** The plugin's Update of `urn`: in a preview its waiting notices are said; in an update they are dropped. */
export function updateCalled(urn: string, preview: boolean): void {
  const texts = waiting.get(urn) ?? [];
  waiting.delete(urn);
  if (preview) for (const text of texts) sayOnce(urn, text);
}
