// The CLI's --email-available flag: the started instance reports emailing attempts on new invites.
import { exited, spawnEmulatorCli } from "../support/emulator-process";

it("posthog-emulator --email-available makes invites report emailing_attempt_made", async () => {
  const { child, banner } = await spawnEmulatorCli(["--port", "0", "--json", "--email-available"], "source");
  try {
    const res = await fetch(`${banner.url}/api/organizations/@current/invites/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${banner.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ target_email: "cli@example.com" }),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { emailing_attempt_made: boolean }).emailing_attempt_made).toBe(true);
  } finally {
    child.kill("SIGTERM");
    await exited(child);
  }
});
