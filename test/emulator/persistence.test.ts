// Persistence: --state survives a clean restart and a kill -9 right after committed writes.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "posthog-emulator";
import { exited, spawnEmulatorCli, type Banner } from "../support/emulator-process";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-emulator-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function post(
  b: Pick<Banner, "url" | "apiKey">,
  p: string,
  body: unknown,
): Promise<{ status: number; id?: string }> {
  const res = await fetch(`${b.url}${p}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${b.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { id?: string };
  return { status: res.status, id: json.id };
}

async function state(
  b: Pick<Banner, "url" | "apiKey">,
): Promise<{ surveys: { id: string }[]; invites: { id: string }[] }> {
  const res = await fetch(`${b.url}/_emulator/state`, { headers: { Authorization: `Bearer ${b.apiKey}` } });
  return (await res.json()) as { surveys: { id: string }[]; invites: { id: string }[] };
}

it("startEmulator reloads --state after close, with the same org, key and data", async () => {
  const file = path.join(dir, "state.json");
  const first = await startEmulator({ statePath: file, apiKey: "phx_persist_test" });
  const created = await post(first, `/api/projects/${first.projectId}/surveys/`, {
    name: "kept",
    type: "api",
  });
  expect(created.status).toBe(201);
  await first.close();
  const second = await startEmulator({ statePath: file });
  try {
    expect(second.organizationId).toBe(first.organizationId);
    expect(second.apiKey).toBe("phx_persist_test");
    expect((await state(second)).surveys.map((s) => s.id)).toEqual([created.id]);
  } finally {
    await second.close();
  }
  expect(fs.readdirSync(dir)).toEqual(["state.json"]);
});

it("the CLI prints one JSON line, and kill -9 right after writes loses no committed object", async () => {
  const file = path.join(dir, "cli-state.json");
  const { child, banner } = await spawnEmulatorCli(["--port", "0", "--state", file, "--json"], "source");
  expect(Object.keys(banner).sort()).toEqual(["apiKey", "organizationId", "pid", "projectId", "url"]);
  // The emulator's own process, which a script that started it through npx stops (docs/guides/testing-your-program.md).
  expect(banner.pid).toBe(child.pid);
  expect(banner.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(banner.apiKey).toBe("phx_emulator_default_key");
  const writes = await Promise.all([
    ...Array.from({ length: 15 }, (_, i) =>
      post(banner, `/api/projects/${banner.projectId}/surveys/`, { name: `s${i}`, type: "api" }),
    ),
    ...Array.from({ length: 15 }, (_, i) =>
      post(banner, `/api/organizations/${banner.organizationId}/invites/`, {
        target_email: `u${i}@example.com`,
      }),
    ),
  ]);
  child.kill("SIGKILL");
  await exited(child);
  const committed = writes.filter((w) => w.status === 201).map((w) => w.id);
  expect(committed).toHaveLength(30);

  const again = await spawnEmulatorCli(["--port", "0", "--state", file, "--json"], "source");
  try {
    expect(again.banner.organizationId).toBe(banner.organizationId);
    const s = await state(again.banner);
    const ids = new Set([...s.surveys.map((x) => x.id), ...s.invites.map((x) => x.id)]);
    for (const id of committed) expect(ids.has(id as string)).toBe(true);
  } finally {
    again.child.kill("SIGTERM");
    expect(await exited(again.child)).toBe(0);
  }
});
