// The `pulumi-posthog` command line: usage errors, a missing or wrong key, stdout output. In-process (main()),
// against an emulator; the round-trip test runs the built bin itself.
import { startEmulator, type EmulatorHandle } from "../../src/emulator";
import { main } from "../../src/cli/pulumi-posthog";
import { NameRegistry, slug } from "../../src/export/names";

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => emulator?.close());

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

/** Runs main() with the given POSTHOG_* environment, capturing what it writes. */
async function run(argv: string[], env: Record<string, string> = {}) {
  for (const key of Object.keys(process.env)) if (key.startsWith("POSTHOG_")) delete process.env[key];
  Object.assign(process.env, env);
  let stdout = "";
  let stderr = "";
  const out = jest
    .spyOn(process.stdout, "write")
    .mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = jest
    .spyOn(process.stderr, "write")
    .mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe("pulumi-posthog CLI", () => {
  it("prints usage for --help (exit 0) and for a bad command or option (exit 2)", async () => {
    expect(await run(["--help"])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("usage: pulumi-posthog export"),
    });
    expect(await run(["import"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown command import"),
    });
    expect(await run(["export", "--proj", "1"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown option --proj"),
    });
    expect(await run(["export", "--out"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--out needs a value"),
    });
  });

  it("explains a missing key without sending anything", async () => {
    const result = await run(["export", "--project", "1"], { POSTHOG_HOST: emulator.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No PostHog API key is configured");
    expect(result.stderr).toContain("POSTHOG_API_KEY");
  });

  it("reports a rejected key without echoing it", async () => {
    const key = "phx_wrong_key_1234567890";
    const result = await run(["export", "--project", "1"], {
      POSTHOG_HOST: emulator.url,
      POSTHOG_API_KEY: key,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("401");
    expect(result.stderr).not.toContain(key);
  });

  it("prints the program to stdout, resolving the key's current project and organization", async () => {
    const result = await run(["export"], { POSTHOG_HOST: emulator.url, POSTHOG_API_KEY: emulator.apiKey });
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain(`project ${emulator.projectId}.`);
    expect(result.stdout).toContain("It declares the 0 surveys and 0 pending invites that exist there.");
    expect(result.stdout).toContain(`const projectId = ${emulator.projectId};`);
  });
});

describe("resource names", () => {
  it("slugs names, dropping accents and symbols, with a fallback", () => {
    expect(slug("Café ☕ feedback!", "survey")).toBe("cafe-feedback");
    expect(slug("日本語", "survey")).toBe("survey");
    expect(slug("x".repeat(100), "survey")).toHaveLength(48);
  });

  it("never hands out the same name twice", () => {
    const names = new NameRegistry();
    expect(["Feedback!", "Feedback?", "feedback", "Feedback 2"].map((n) => names.take(n, "survey"))).toEqual([
      "feedback",
      "feedback-2",
      "feedback-3",
      "feedback-2-2",
    ]);
  });
});
