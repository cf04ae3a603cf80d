// The `pulumi-posthog` command as a user runs it: the built bin in its own process against an emulator, exact
// output and exit codes for help, version, mistakes in the command line and a missing, wrong or short key.
// Needs `npm run build` (npm test runs it first).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { NameRegistry, slug } from "../../src/export/names";
import { unprovenInvitesWarning } from "../../src/export/unproven-invites";
import { runBin } from "../support/run-bin";
import { version } from "../../package.json";

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => emulator?.close());

const cli = (args: string[], env: Record<string, string> = {}) => runBin("pulumi-posthog", args, env);

/** A key of the emulator's admin user that has only `scopes`. */
async function keyWith(scopes: string[]): Promise<string> {
  const res = await fetch(`${emulator.url}/_emulator/keys`, {
    method: "POST",
    headers: { Authorization: `Bearer ${emulator.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ scopes }),
  });
  return ((await res.json()) as { key: string }).key;
}

const USAGE = `usage: pulumi-posthog <command> [options]

commands:
  export   write a Pulumi program that adopts the surveys, invites and members that exist in PostHog

options:
  -h, --help     print this help and exit
  -v, --version  print the version and exit

Run pulumi-posthog export --help for the options of export.
`;

const EXPORT_USAGE = `usage: pulumi-posthog export [options]

Writes a Pulumi TypeScript program declaring the surveys, pending invites and members that exist in
PostHog, each adopting what exists: the first \`pulumi up\` takes them over without creating anything.
With --format import, writes the file \`pulumi import --file\` takes instead, for a program in any
language on the posthog-iac plugin. Surveys a Pulumi stack created with this provider are left out
(counted on standard error) unless --include-managed: a second stack must not manage them too.

options:
      --project ID       project to export surveys from
                         default: POSTHOG_PROJECT_ID, then the key's current project
      --organization ID  organization to export pending invites and members from
                         default: POSTHOG_ORGANIZATION_ID, then the key's current organization
      --host URL         PostHog host
                         default: POSTHOG_HOST, then https://us.posthog.com
      --no-invites       export surveys only
                         default: off
      --include-managed  also export the surveys a Pulumi stack created (their question ids are this provider's)
                         default: off: left out and counted
      --format FORMAT    program or import: a TypeScript program, or the file of \`pulumi import --file\`
                         default: program
      --out FILE         write the program to FILE
                         default: standard output
  -h, --help             print this help and exit

environment:
  POSTHOG_API_KEY  a personal API key (POSTHOG_PERSONAL_API_KEY when unset); the only place the key is read.
                   Scopes: survey:read; organization_member:read for invites; user:read to look up the
                   key's current project or organization
`;

const KEYS_PAGE = "PostHog > Settings > Personal API keys";

describe("pulumi-posthog help and version", () => {
  it("--help and -h print the commands (exit 0); no command prints them to stderr (exit 2)", async () => {
    expect(await cli(["--help"])).toEqual({ code: 0, stdout: USAGE, stderr: "" });
    expect(await cli(["-h"])).toEqual({ code: 0, stdout: USAGE, stderr: "" });
    expect(await cli([])).toEqual({ code: 2, stdout: "", stderr: USAGE });
  });

  it("export --help lists every option with its default", async () => {
    expect(await cli(["export", "--help"])).toEqual({ code: 0, stdout: EXPORT_USAGE, stderr: "" });
    expect(await cli(["export", "--project", "1", "-h"])).toEqual({
      code: 0,
      stdout: EXPORT_USAGE,
      stderr: "",
    });
  });

  it("--version and -v print the package's version", async () => {
    expect(await cli(["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    expect(await cli(["-v"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });
});

describe("pulumi-posthog command-line mistakes (exit 2, nothing sent)", () => {
  // With a working host and key, so that a mistake that slipped through would reach the emulator.
  const cli = (args: string[]) =>
    runBin("pulumi-posthog", args, { POSTHOG_HOST: emulator.url, POSTHOG_API_KEY: emulator.apiKey });
  afterEach(async () => {
    const res = await fetch(`${emulator.url}/_emulator/requests`, {
      headers: { Authorization: `Bearer ${emulator.apiKey}` },
    });
    expect(((await res.json()) as { requests: unknown[] }).requests).toEqual([]);
  });

  const usageError = (message: string, help = "pulumi-posthog export --help") => ({
    code: 2,
    stdout: "",
    stderr: `pulumi-posthog: ${message}\nRun ${help} for usage.\n`,
  });

  it("names the unknown command or option and points at --help", async () => {
    expect(await cli(["import"])).toEqual(
      usageError('unknown command "import" (the one command is export)', "pulumi-posthog --help"),
    );
    expect(await cli(["--verbose"])).toEqual(usageError("unknown option --verbose", "pulumi-posthog --help"));
    expect(await cli(["export", "--proj", "1"])).toEqual(usageError("unknown option --proj"));
    expect(await cli(["export", "--api-key=phx_x"])).toEqual(usageError("unknown option --api-key"));
  });

  it("says which option needs a value, takes none, or what is left over", async () => {
    expect(await cli(["export", "--out"])).toEqual(usageError("--out needs a value (--out FILE)"));
    expect(await cli(["export", "--out", "--no-invites"])).toEqual(
      usageError("--out needs a value (--out FILE)"),
    );
    expect(await cli(["export", "--no-invites=yes"])).toEqual(usageError("--no-invites takes no value"));
    expect(await cli(["export", "--format", "yaml"])).toEqual(
      usageError('--format must be program or import, got "yaml"'),
    );
    expect(await cli(["export", "12345"])).toEqual(usageError('unexpected argument "12345"'));
  });
});

describe("pulumi-posthog export and the key", () => {
  it("with no key, says to set POSTHOG_API_KEY (the only place export reads it), not Pulumi config", async () => {
    expect(await cli(["export", "--project", "1"], { POSTHOG_HOST: emulator.url })).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "pulumi-posthog: No PostHog API key: set the POSTHOG_API_KEY environment variable to a personal API key " +
        `(${KEYS_PAGE}) with the survey:read scope, and organization_member:read for invites.\n`,
    });
  });

  it("with a wrong key, says PostHog refused it, without echoing it or an unrelated --project hint", async () => {
    const key = "phx_wrong_key_1234567890";
    const refused = (path: string) => ({
      code: 1,
      stdout: "",
      stderr:
        `pulumi-posthog: PostHog API GET ${path} failed with 401 authentication_failed: Personal API key found ` +
        "in request Authorization header is invalid. PostHog refused the key in POSTHOG_API_KEY: set it to a " +
        `valid personal API key (${KEYS_PAGE}).\n`,
    });
    const env = { POSTHOG_HOST: emulator.url, POSTHOG_API_KEY: key };
    expect(await cli(["export"], env)).toEqual(refused("/api/users/@me/"));
    expect(await cli(["export", "--project", "1", "--no-invites"], env)).toEqual(
      refused("/api/projects/1/surveys/"),
    );
  });

  it("with a key short of user:read, offers --project and --organization, which avoid that lookup", async () => {
    const key = await keyWith(["survey:read", "organization_member:read"]);
    const env = { POSTHOG_HOST: emulator.url, POSTHOG_API_KEY: key };
    expect(await cli(["export"], env)).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "pulumi-posthog: PostHog API GET /api/users/@me/ failed with 403 permission_denied: API key missing " +
        "required scope 'user:read'. The key in POSTHOG_API_KEY lacks the scope 'user:read': create a key with " +
        `it (${KEYS_PAGE}), or pass --project <id> and --organization <id> (or --no-invites) so the key's ` +
        "current project and organization are not looked up.\n",
    });
    const given = await cli(["export", "--project", String(emulator.projectId)], {
      ...env,
      POSTHOG_ORGANIZATION_ID: emulator.organizationId,
    });
    // The key's user is a member another user's key exports: export warns it cannot tell whether a stack manages it.
    expect(given).toMatchObject({ code: 0, stderr: `${unprovenInvitesWarning(0, 1)}\n` });
  });

  it("with a key short of another scope, names the scope and nothing about --project", async () => {
    const key = await keyWith(["survey:read"]);
    const env = { POSTHOG_HOST: emulator.url, POSTHOG_API_KEY: key };
    const args = ["export", "--project", "1", "--organization", emulator.organizationId];
    expect(await cli(args, env)).toEqual({
      code: 1,
      stdout: "",
      stderr:
        `pulumi-posthog: PostHog API GET /api/organizations/${emulator.organizationId}/invites/ failed with 403 ` +
        "permission_denied: API key missing required scope 'organization_member:read'. The key in " +
        `POSTHOG_API_KEY lacks the scope 'organization_member:read': create a key with it (${KEYS_PAGE}).\n`,
    });
  });

  // Issue 44: export reads flags and the environment only, so its hints name those, never Pulumi config.
  it("a dead host, a host ending in /api and a wrong project name --host, --project and the variables", async () => {
    const env = { POSTHOG_API_KEY: emulator.apiKey };
    expect(
      await cli(["export", "--project", "1", "--no-invites", "--host", "http://127.0.0.1:1"], env),
    ).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "pulumi-posthog: PostHog API GET /api/projects/1/surveys/ failed: nothing accepted the connection at " +
        "127.0.0.1:1 (ECONNREFUSED). Check --host (or the POSTHOG_HOST environment variable), and that PostHog " +
        "(or the emulator) is running there\n",
    });
    expect(await cli(["export", "--no-invites", "--host", `${emulator.url}/api`], env)).toEqual({
      code: 1,
      stdout: "",
      stderr:
        `pulumi-posthog: host is PostHog's address without the API path, such as https://us.posthog.com: the ` +
        `provider adds /api/… to each request itself, so "${emulator.url}/api" would be asked for ` +
        `${emulator.url}/api/api/…. Set it to ${emulator.url}.\n`,
    });
    expect(
      await cli(["export", "--project", "999", "--no-invites"], { ...env, POSTHOG_HOST: emulator.url }),
    ).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "pulumi-posthog: PostHog API GET /api/projects/999/surveys/ failed with 404 not_found: Project not found. " +
        "Project 999 does not exist or the key cannot see it: check --project (or the POSTHOG_PROJECT_ID " +
        "environment variable)\n",
    });
  });

  // Issue 51: `pulumi import … --out imported.go` left in a Go program's folder is a second `main` (`main
  // redeclared in this block`); the note says where the generated code goes.
  it("--format import names pulumi import with --out outside the program's folder", async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "export-import-")), "import.json");
    const args = ["export", "--format", "import", "--project", String(emulator.projectId), "--out", out];
    const result = await cli(args, {
      POSTHOG_HOST: emulator.url,
      POSTHOG_API_KEY: emulator.apiKey,
      POSTHOG_ORGANIZATION_ID: emulator.organizationId,
    });
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
    expect(result).toMatchObject({ code: 0 });
    expect(result.stderr).toContain("pulumi import --file <file> --out ../imported.<py|go|yaml>");
    expect(result.stderr).toContain("a Go file written there is a second main package and breaks the build");
    expect(result.stderr).not.toContain("pulumi package add");
  });

  it("prints the program to stdout, resolving the key's current project and organization", async () => {
    const result = await cli(["export"], { POSTHOG_HOST: emulator.url, POSTHOG_API_KEY: emulator.apiKey });
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain(`project ${emulator.projectId}.`);
    expect(result.stdout).toContain(
      "It declares the 0 surveys, 0 pending invites and 0 members that exist there.",
    );
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
