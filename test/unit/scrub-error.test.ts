// Issue 34: a failed check, diff, read or delete on the dynamic face is printed by the SDK's dynamic provider as
// `${e}: ${e.stack}` on its stderr (sdk/nodejs/cmd/dynamic-provider/index.ts), which the engine shows under the
// stack: the error as the seam throws it (scrubError) must put its message on that line once, scrubbed.
import { rememberSecret, scrubError } from "../../src/scrub";

test("the SDK's stderr line for a failed call holds the message once, without the key", () => {
  const key = "phc_not_a_real_key_0123456789";
  rememberSecret(key);
  const message = `PostHog API GET /api/projects/1/surveys/x/ failed: nothing accepted the connection (ECONNREFUSED) ${key}`;
  const e = scrubError(new Error(message));
  const line = `${e}: ${e.stack}`;
  expect(line).toBe(`Error: ${message.replace(key, "[secret]")}: `);
});
