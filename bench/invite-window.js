// Issue 50, case 6: the window that remains between an invite create's read of PostHog's pending invites and its POST.
// Each create here runs alone against an in-process emulator, through the built Invite provider (npm run build
// first). The emulator logs each request with the wall-clock time it answered; the emulator answers both at once, so
// the POST's time minus the read's is the time from the read's answer to the POST's arrival, plus the emulator's
// handling of the POST (well under a millisecond). Run: node bench/invite-window.js [count]
const { startEmulator } = require("posthog-emulator");

async function main() {
  const count = Number(process.argv[2] ?? 200);
  const em = await startEmulator({ port: 0 });
  Object.assign(process.env, {
    POSTHOG_HOST: em.url,
    POSTHOG_API_KEY: em.apiKey,
    POSTHOG_PROJECT_ID: String(em.projectId),
    POSTHOG_ORGANIZATION_ID: em.organizationId,
    POSTHOG_CHECK_KEY_AND_HOST: "false",
    POSTHOG_REQUESTS_PER_SECOND: "0",
    POSTHOG_RATE_WINDOWS: "off",
  });
  const invite = require("../dist/resources/invite/provider.js");
  const control = async (method, route) => {
    const res = await fetch(`${em.url}/_emulator${route}`, {
      method,
      headers: { authorization: `Bearer ${em.apiKey}` },
    });
    return res.json();
  };
  const windows = [];
  for (let i = 0; i < count; i++) {
    await control("DELETE", "/requests");
    const { inputs } = await invite.check({}, { targetEmail: `w${i}@example.com`, sendEmail: false });
    const { id } = await invite.create(inputs);
    const { requests } = await control("GET", "/requests");
    const post = requests.find((r) => r.method === "POST" && r.path.endsWith("/invites/"));
    const read = requests
      .filter((r) => r.method === "GET" && r.path.endsWith("/invites/") && r.seq < post.seq)
      .at(-1);
    windows.push(Date.parse(post.time) - Date.parse(read.time));
    await invite.delete(id, {
      organizationId: em.organizationId,
      targetEmail: `w${i}@example.com`,
      status: "pending",
      inviteId: id,
    });
  }
  windows.sort((a, b) => a - b);
  const at = (p) => windows[Math.min(windows.length - 1, Math.floor((p / 100) * windows.length))];
  console.log(
    `read answered -> POST arrived, ${count} creates: median ${at(50)} ms, p90 ${at(90)} ms, p99 ${at(99)} ms, max ${windows.at(-1)} ms`,
  );
  await em.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
