// The project or organization a preview's clash check may list (resources/survey/clash-preview.ts,
// invite/clash-preview.ts): only after the run's key check and that scope's check both passed
// (provider-kit/key-check.ts and scope-check.ts remember a failure, so each is asked once either way), and only a
// declared one: "@current" would cost a request of its own (a limit: no warning then). Undefined when the user turned
// the preview's requests off.
import type { Settings } from "../config";
import { CURRENT, declaredScope } from "../scope";

/** The scope to list for a clash, or undefined when the preview must not (or need not) ask. */
export async function clashScope(
  kind: "project" | "organization",
  declared: unknown,
  settings: Settings,
): Promise<string | undefined> {
  if (!settings.checkKeyAndHost) return undefined;
  // After the run's key check (the seam asks it after this check): a refused key or host sends nothing more.
  const { checkKeyAndHost } =
    require("../provider-kit/key-check") as typeof import("../provider-kit/key-check");
  const keyOk = await checkKeyAndHost("", settings.host, settings.apiKey).then(
    () => true,
    () => false,
  );
  if (!keyOk) return undefined;
  const scope = declaredScope(kind, declared, settings);
  if (scope === CURRENT) return undefined;
  const { checkScope } =
    require("../provider-kit/scope-check") as typeof import("../provider-kit/scope-check");
  const known = await checkScope("", kind, scope, settings.host, settings.apiKey).then(
    () => true,
    () => false,
  );
  return known ? scope : undefined;
}
