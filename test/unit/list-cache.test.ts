import type { PostHogClient, WireInvite } from "../../src/client";
import { cachedInvites, cachedMembers, invalidateOrganization } from "../../src/provider-kit/list-cache";

function fakeClient() {
  let calls = 0;
  let release: () => void = () => {};
  const gate = () => new Promise<void>((resolve) => (release = resolve));
  const client = {
    invites: {
      listAll: async (org: string) => {
        calls++;
        await gate();
        return [{ id: `${org}-${calls}` }] as unknown as WireInvite[];
      },
    },
    members: { listAll: async () => [] },
  } as unknown as PostHogClient;
  return { client, calls: () => calls, release: () => release() };
}

describe("invite list cache", () => {
  afterEach(() => {
    delete process.env.POSTHOG_LIST_CACHE_TTL_MS;
  });

  it("shares one in-flight listing between concurrent readers, then reuses it", async () => {
    const fake = fakeClient();
    const readers = Array.from({ length: 50 }, () => cachedInvites(fake.client, "o1"));
    await Promise.resolve();
    fake.release();
    const results = await Promise.all(readers);
    expect(fake.calls()).toBe(1);
    expect(new Set(results.map((r) => r[0].id))).toEqual(new Set(["o1-1"]));
    expect((await cachedInvites(fake.client, "o1"))[0].id).toBe("o1-1");
    expect(fake.calls()).toBe(1);
  });

  it("keys by organization and forgets an organization after a write", async () => {
    const fake = fakeClient();
    const first = cachedInvites(fake.client, "o1");
    await Promise.resolve();
    fake.release();
    await first;
    const other = cachedInvites(fake.client, "o2");
    await Promise.resolve();
    fake.release();
    expect((await other)[0].id).toBe("o2-2");
    invalidateOrganization(fake.client, "o1");
    const again = cachedInvites(fake.client, "o1");
    await Promise.resolve();
    fake.release();
    expect((await again)[0].id).toBe("o1-3");
  });

  it("expires after the TTL, and does not remember failures", async () => {
    process.env.POSTHOG_LIST_CACHE_TTL_MS = "0";
    const fake = fakeClient();
    for (const expected of ["o1-1", "o1-2"]) {
      const read = cachedInvites(fake.client, "o1");
      await Promise.resolve();
      fake.release();
      expect((await read)[0].id).toBe(expected);
    }
    let fail = true;
    const flaky = {
      members: {
        listAll: async () => {
          if (fail) throw new Error("boom");
          return [];
        },
      },
    } as unknown as PostHogClient;
    await expect(cachedMembers(flaky, "o1")).rejects.toThrow("boom");
    fail = false;
    await expect(cachedMembers(flaky, "o1")).resolves.toEqual([]);
  });
});
