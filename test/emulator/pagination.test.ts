// Conformance: limit/offset pagination with absolute, sorted next/previous links (docs/contributing/posthog-behaviour.md#pagination).
import { startHarness, type Harness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  for (let i = 0; i < 250; i++) {
    const r = await h.survey({ name: `s${String(i).padStart(3, "0")}`, description: i % 2 ? "odd" : "even" });
    if (r.status !== 201) throw new Error(`seed failed: ${r.status}`);
  }
});
afterAll(() => h.close());

const path = () => `/api/projects/${h.em.projectId}/surveys/`;

it("default page is 100 with an absolute next link; following next reaches all 250, newest first", async () => {
  const first = await h.api("GET", path());
  expect(first.body.count).toBe(250);
  expect(first.body.results).toHaveLength(100);
  expect(first.body.previous).toBeNull();
  expect(first.body.next).toBe(`${h.em.url}${path()}?limit=100&offset=100`);
  const names: string[] = [];
  let url: string | null = `${h.em.url}${path()}`;
  let pages = 0;
  while (url) {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${h.em.apiKey}` } });
    const page = (await res.json()) as { next: string | null; results: { name: string }[] };
    names.push(...page.results.map((s) => s.name));
    url = page.next;
    pages++;
  }
  expect(pages).toBe(3);
  expect(names).toHaveLength(250);
  expect(names[0]).toBe("s249");
  expect(names[249]).toBe("s000");
});

it("next/previous keep other params sorted; previous drops offset when offset-limit <= 0", async () => {
  const r = await h.api("GET", `${path()}?search=odd&offset=60&limit=50`);
  expect(r.body.count).toBe(125);
  expect(r.body.next).toBe(`${h.em.url}${path()}?limit=50&offset=110&search=odd`);
  expect(r.body.previous).toBe(`${h.em.url}${path()}?limit=50&offset=10&search=odd`);
  const near = await h.api("GET", `${path()}?offset=30&limit=50`);
  expect(near.body.previous).toBe(`${h.em.url}${path()}?limit=50`);
  const last = await h.api("GET", `${path()}?offset=200&limit=50`);
  expect(last.body.next).toBeNull();
});

it("links keep the request's path form and Host header", async () => {
  const noSlash = `/api/projects/${h.em.projectId}/surveys`;
  const r = await h.api("GET", `${noSlash}?limit=10`);
  expect(r.body.next).toBe(`${h.em.url}${noSlash}?limit=10&offset=10`);
});

it("bad or non-positive limit falls back to 100; there is no maximum", async () => {
  for (const bad of ["0", "-5", "abc"]) {
    const r = await h.api("GET", `${path()}?limit=${bad}`);
    expect(r.body.results).toHaveLength(100);
  }
  const big = await h.api("GET", `${path()}?limit=1000`);
  expect(big.body.results).toHaveLength(250);
  expect(big.body.next).toBeNull();
  const badOffset = await h.api("GET", `${path()}?offset=x&limit=5`);
  expect(badOffset.body.results[0].name).toBe("s249");
});

it("invites paginate too, newest first", async () => {
  const org = `/api/organizations/${h.em.organizationId}/invites/`;
  for (let i = 0; i < 3; i++) await h.api("POST", org, { target_email: `p${i}@example.com` });
  const r = await h.api("GET", `${org}?limit=2`);
  expect(r.body.count).toBe(3);
  expect(r.body.results.map((i: { target_email: string }) => i.target_email)).toEqual([
    "p2@example.com",
    "p1@example.com",
  ]);
  expect(r.body.next).toBe(`${h.em.url}${org}?limit=2&offset=2`);
});
