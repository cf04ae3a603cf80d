// jest.config.js runs this before each test file of every project: after the file's tests it closes the inspector
// session the Pulumi SDK opened in this file, if it opened one.
//
// Why: the SDK serializes a dynamic resource's provider (`__provider`) with the help of an in-process inspector
// session with the debugger enabled, which it opens on first use and keeps for the life of its module instance
// (sdk/nodejs/runtime/closure/v8Hooks.ts, getSession and createInspectorSessionAsync; used by v8.ts when
// serializeClosure runs). In a program that is one session per process. Jest loads the SDK afresh for every test
// file, so each file that constructs a Survey, Invite or InviteBatch in-process left one more session connected:
// its scriptParsed listener held that file's whole module graph, and the enabled debugger kept the source of every
// script compiled afterwards. A worker's heap after GC grew by ~15-60 MB per file, to 1 GB after ~75 files (one
// worker reached 7 GB and was OOM-killed); with the sessions closed it stays under ~0.4 GB.
import * as inspector from "node:inspector";

// The SDK's module, by the path every copy of @pulumi/pulumi has (the repo's, or an example's own).
const V8_HOOKS = "/@pulumi/pulumi/runtime/closure/v8Hooks.js";

afterAll(async () => {
  // jest's require.cache lists this file's module registry: only a copy this file loaded is asked, as asking a
  // copy for its session opens one.
  const loaded = Object.keys(require.cache).filter((file) => file.endsWith(V8_HOOKS));
  for (const file of loaded) {
    const hooks: unknown = require(file);
    if (typeof hooks !== "object" || hooks === null || !("getSessionAsync" in hooks)) continue;
    if (typeof hooks.getSessionAsync !== "function") continue;
    const session: unknown = await hooks.getSessionAsync();
    // Disconnecting ends the session's debugger; the SDK copy dies with this file's registry and is not used again.
    if (session instanceof inspector.Session) session.disconnect();
  }
});
