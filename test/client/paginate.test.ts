import { z } from "zod";
import { createClient } from "../../src/client";
import { parseBaseUrl } from "../../src/client/base-url";
import { MAX_PAGES, pages } from "../../src/client/paginate";
import type { Transport } from "../../src/client/transport";
import { startStub, stubSurvey, type StubServer } from "./stub-server";

const KEY = "phx_paginate_test_key_0123456789";

let stub: StubServer;
let foreign: StubServer;
beforeEach(async () => {
  stub = await startStub();
  foreign = await startStub(() => ({ status: 500 }));
});
afterEach(async () => {
  await stub.close();
  await foreign.close();
});

const client = () => createClient({ host: stub.url, apiKey: KEY, requestsPerSecond: 0, retryBaseMs: 1 });

/** Serves `total` surveys with limit/offset and absolute next links built from `origin`. */
function surveyPages(total: number, origin: () => string) {
  return (r: { path: string; query: string }) => {
    const q = new URLSearchParams(r.query);
    const limit = Number(q.get("limit") ?? 100);
    const offset = Number(q.get("offset") ?? 0);
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
      stubSurvey(offset + i),
    );
    const next =
      offset + limit < total ? `${origin()}${r.path}?limit=${limit}&offset=${offset + limit}` : null;
    return { body: { count: total, next, previous: null, results } };
  };
}

describe("pagination", () => {
  it("follows absolute next links on the same origin", async () => {
    stub.handle(surveyPages(257, () => stub.url));
    const all = await client().surveys.listAll(1);
    expect(all).toHaveLength(257);
    expect(new Set(all.map((s) => s.id)).size).toBe(257);
    expect(stub.requests.map((r) => r.query)).toEqual([
      "limit=100",
      "limit=100&offset=100",
      "limit=100&offset=200",
    ]);
    for (const r of stub.requests) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("re-bases a foreign-origin next link onto the configured host: the key never leaves", async () => {
    stub.handle(surveyPages(150, () => foreign.url));
    const all = await client().surveys.listAll(1);
    expect(all).toHaveLength(150);
    expect(foreign.requests).toHaveLength(0);
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1].path).toBe("/api/projects/1/surveys/");
    expect(stub.requests[1].query).toBe("limit=100&offset=100");
  });

  it("stops on a next link that repeats", async () => {
    stub.handle((r) => ({
      body: {
        count: 2,
        next: `${stub.url}${r.path}?limit=1&offset=1`,
        previous: null,
        results: [stubSurvey(1)],
      },
    }));
    await expect(client().surveys.listAll(1)).rejects.toThrow(/same next link twice/);
    expect(stub.requests.length).toBeLessThanOrEqual(3);
  });

  it("list returns one page with its envelope and passes filters", async () => {
    stub.handle(surveyPages(5, () => stub.url));
    const page = await client().surveys.list(1, { limit: 2, offset: 2, search: "Survey", archived: false });
    expect(page.count).toBe(5);
    expect(page.results.map((s) => s.name)).toEqual(["Survey 2", "Survey 3"]);
    expect(page.next).toBe(`${stub.url}/api/projects/1/surveys/?limit=2&offset=4`);
    expect(new URLSearchParams(stub.requests[0].query).get("archived")).toBe("false");
  });

  it("findByName matches exactly and case-sensitively across pages", async () => {
    stub.handle((r) => {
      const q = new URLSearchParams(r.query);
      const offset = Number(q.get("offset") ?? 0);
      const results =
        offset === 0
          ? [stubSurvey(1, { name: "Onboarding NPS v2" }), stubSurvey(2, { name: "onboarding nps" })]
          : [stubSurvey(3, { name: "Onboarding NPS" })];
      const next = offset === 0 ? `${stub.url}${r.path}?limit=100&offset=100&search=Onboarding+NPS` : null;
      return { body: { count: 3, next, previous: null, results } };
    });
    const found = await client().surveys.findByName(1, "Onboarding NPS");
    expect(found?.id).toBe(stubSurvey(3).id);
    expect(new URLSearchParams(stub.requests[0].query).get("search")).toBe("Onboarding NPS");
    expect(await client().surveys.findByName(1, "Nope")).toBeUndefined();
  });

  it("projects.list accepts a page or a bare array", async () => {
    stub.handle(() => ({
      body: { count: 1, next: null, previous: null, results: [{ id: 1, name: "Default" }] },
    }));
    expect((await client().projects.list()).map((p) => p.name)).toEqual(["Default"]);
    stub.handle(() => ({ body: [{ id: 2, name: "Other", organization: "o" }] }));
    expect((await client().projects.list()).map((p) => p.id)).toEqual([2]);
  });
});

describe("a listing that never ends", () => {
  it("stops at the page cap, naming both bounds", async () => {
    // A transport that hands out a fresh next link at once, every time: the page cap, not the deadline, ends it.
    let calls = 0;
    const endless: Transport = {
      base: parseBaseUrl("http://127.0.0.1:1"),
      deadlineMs: 600_000,
      call: async <T>() => {
        calls++;
        const page = {
          count: 1e9,
          next: `http://127.0.0.1:1/api/x/?offset=${calls}`,
          previous: null,
          results: [],
        };
        return page as T;
      },
    };
    const seen: number[] = [];
    const run = async () => {
      for await (const page of pages(endless, "/api/x/", {}, z.unknown(), {
        maxPages: 50,
        deadlineMs: 600_000,
      }))
        seen.push(page.results.length);
    };
    await expect(run()).rejects.toThrow(
      /^PostHog API GET \/api\/x\/ failed: the listing was stopped after 50 pages and \d+ ms: it reached the page cap of 50 pages \(a listing may take at most 50 pages and 600000 ms, the posthog:requestDeadlineMs setting\), and the server was still sending next links$/,
    );
    expect(calls).toBe(50);
    expect(MAX_PAGES).toBe(1000);
  });
});
