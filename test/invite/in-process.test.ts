// The Invite provider module called in-process (no plugin): what only the process itself shows, such as the
// warning on stderr, and "@current" resolved to the organization's UUID when no organization is configured.
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { resetPulumiConfig } from "../../src/config";
import * as provider from "../../src/resources/invite/provider";
import * as batch from "../../src/resources/invite/batch-provider";

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const config: Record<string, string> = {
    "posthog:host": emulator.url,
    "posthog:apiKey": emulator.apiKey,
    "posthog:requestsPerSecond": "0",
  };
  await provider.configure({ config: { get: (key: string) => config[key] } });
});
afterAll(async () => {
  resetPulumiConfig();
  await emulator?.close();
});

async function control(path: string, body: unknown): Promise<{ id: string }> {
  const res = await fetch(`${emulator.url}/_emulator${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${emulator.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { id: string };
}

test("an existing member converges to accepted with a warning on stderr; @current resolves to the UUID", async () => {
  const member = await control("/members", { email: "member@example.com" });
  // Another member for the batch: one address in two resources of a run is refused (invited-this-run.ts).
  const teammate = await control("/members", { email: "teammate@example.com" });
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    const created = await provider.create({ targetEmail: "member@example.com" });
    expect(created.id).toBe(`member:${member.id}`);
    expect(created.outs).toMatchObject({ organizationId: emulator.organizationId, status: "accepted" });
    for (const value of Object.values(created.outs as object)) expect(value).not.toBeUndefined();

    const team = await batch.create({
      invites: [{ targetEmail: "teammate@example.com" }, { targetEmail: "new@example.com" }],
    });
    expect(team.outs).toMatchObject({
      organizationId: emulator.organizationId,
      invitations: {
        "teammate@example.com": { inviteId: `member:${teammate.id}`, status: "accepted" },
        "new@example.com": { status: "pending" },
      },
    });
  } finally {
    spy.mockRestore();
  }
  expect(written.join("")).toMatch(
    /warning: Invite "member@example.com": member@example.com is already a member/,
  );
  expect(written.join("")).toMatch(/warning: InviteBatch: already members .*teammate@example.com/);
  expect(written.join("")).not.toContain(emulator.apiKey);
});

test("a batch whose first chunk fails is not recorded (nothing exists), with an error naming what failed", async () => {
  await fetch(`${emulator.url}/_emulator/faults`, {
    method: "POST",
    headers: { authorization: `Bearer ${emulator.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ faults: [{ path: "/invites/bulk/?$", times: 1, status: 500 }] }),
  });
  const error = await batch.create({ invites: [{ targetEmail: "x@example.com" }] }).catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error & { id?: string }).id).toBeUndefined();
  expect((error as Error).message).toMatch(
    /InviteBatch: could not invite chunk 1 of 1 \(x@example.com\).*500/,
  );
});
