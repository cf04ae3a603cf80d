// Where a resource was declared, as the engine records it (`sourcePosition` in the state, shown by `pulumi stack
// export` and Pulumi Cloud), must be the user's program, not our class.
//
// The SDK takes it from the call stack in the Resource constructor (@pulumi/pulumi resource.ts: `Resource.stackTrace(4)`,
// from the text of `new Error().stack` that Resource.callsites parses), assuming three constructors above the user's
// code: Resource, CustomResource (or ComponentResource) and the concrete class. Our classes extend
// pulumi.dynamic.Resource, which is one constructor more, so the frame it took was our class's own constructor
// (`…/dist/resources/survey/survey.js#73,13`). While our constructor runs, the stack text leaves out the frames of
// the class's own file, so the frame the SDK takes is the caller's.

type Prepare = NonNullable<typeof Error.prepareStackTrace>;

/** V8's own text for a stack (Node's, without source maps): the error's line, then one `    at …` per frame. */
const v8Text: Prepare = (error, frames) =>
  `${Error.prototype.toString.call(error)}${frames.map((frame) => `\n    at ${String(frame)}`).join("")}`;

/**
 * From now until the returned function is called, stacks leave out the frames of `ownFile` (the calling class's
 * module, its `__filename`). Formatting is left to the hook that was there (a source-map hook such as the one the
 * Node.js language host installs), or V8's own.
 */
export function positionAtCaller(ownFile: string): () => void {
  const previous = Error.prepareStackTrace;
  const format: Prepare = previous ?? v8Text;
  Error.prepareStackTrace = (error, frames) =>
    format(
      error,
      frames.filter((frame) => frame.getFileName() !== ownFile),
    );
  return () => {
    Error.prepareStackTrace = previous;
  };
}
