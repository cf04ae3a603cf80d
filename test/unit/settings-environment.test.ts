// The environment's settings are read once per set of values (src/config.ts, readEnvironment): a variable that
// changes between two engine calls is the one the second call uses, and a bad value is refused every time.
import { resolveSettings } from "../../src/config";

describe("settings from the environment", () => {
  it("follows a variable that changes between calls, and an explicit env", () => {
    const env = { POSTHOG_HOST: "https://eu.posthog.com" };
    expect(resolveSettings({}, env).host).toBe("https://eu.posthog.com");
    expect(resolveSettings({}, env).host).toBe("https://eu.posthog.com");
    env.POSTHOG_HOST = "https://posthog.example.org";
    expect(resolveSettings({}, env).host).toBe("https://posthog.example.org");
    expect(resolveSettings({}, { POSTHOG_HOST: "https://us.posthog.com" }).host).toBe(
      "https://us.posthog.com",
    );
    expect(resolveSettings({}, {}).host).toBe(resolveSettings({}, { POSTHOG_HOST: " " }).host);
  });

  it("refuses a bad value on every call, not only the first", () => {
    const env = { POSTHOG_REQUEST_TIMEOUT_MS: "lots" };
    expect(() => resolveSettings({}, env)).toThrow(/requestTimeoutMs/);
    expect(() => resolveSettings({}, env)).toThrow(/requestTimeoutMs/);
  });
});
