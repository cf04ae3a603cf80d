// The decision that a change of the provider's config never replaces a resource (src/provider-kit/placement.ts,
// src/plugin/provider-config.ts DiffConfig): only a resource's own projectId or organizationId moves it; the
// provider's setting places new objects and the preview says the old one stays; no setting replaces the provider,
// and a host change is noted for the resources' diffs to decide by a fact. The real CLI runs the same cases in
// test/cli/config-change.test.ts.
import fc from "fast-check";
import { resolveSettings } from "../../src/config";
import { diffConfig } from "../../src/plugin/provider-config";
import {
  hostBefore,
  leftBehindNotice,
  noteHostChange,
  scopeDecision,
  withRecordedHost,
} from "../../src/provider-kit/placement";
import { UNKNOWN } from "../../src/provider-kit/unknown";

const settingsWith = (projectId?: string, organizationId?: string) =>
  resolveSettings({ projectId, organizationId }, {});

describe("a resource's project or organization at a diff", () => {
  it("stays where it lives when the provider's projectId changes, and the notice says so", () => {
    expect(scopeDecision("project", 'Survey "NPS"', "survey", undefined, "1", settingsWith("2"))).toEqual({
      replace: false,
      notice:
        'Survey "NPS" stays in project 1, where it lives: the provider\'s projectId (posthog:projectId) is now 2, ' +
        "which places the surveys created from now on. Nothing is created, replaced or deleted for this change. " +
        'To move this survey, set its own projectId to "2" (a replacement).',
    });
  });

  it("stays in its organization when the provider's organizationId changes", () => {
    const decision = scopeDecision(
      "organization",
      "InviteBatch",
      "batch",
      undefined,
      "org-a",
      settingsWith(undefined, "org-b"),
    );
    expect(decision.replace).toBe(false);
    expect(decision.notice).toContain("InviteBatch stays in organization org-a");
  });

  it("says nothing when the setting is unset, @current or the object's own", () => {
    for (const setting of [undefined, "@current", "1"])
      expect(scopeDecision("project", "S", "survey", undefined, "1", settingsWith(setting))).toEqual({
        replace: false,
      });
  });

  it("is replaced only when the resource's own input names another one (or one not known yet)", () => {
    const settings = settingsWith("9");
    expect(scopeDecision("project", "S", "survey", "2", "1", settings)).toEqual({ replace: true });
    expect(scopeDecision("project", "S", "survey", 2, "1", settings)).toEqual({ replace: true });
    expect(scopeDecision("project", "S", "survey", UNKNOWN, "1", settings)).toEqual({ replace: true });
    expect(scopeDecision("project", "S", "survey", "1", "1", settings)).toEqual({ replace: false });
    expect(scopeDecision("project", "S", "survey", "@current", "1", settings)).toEqual({ replace: false });
  });

  it("never replaces for any provider setting, whatever the ids", () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: undefined }), (recorded, configured) => {
        const decision = scopeDecision(
          "project",
          "S",
          "survey",
          undefined,
          recorded,
          settingsWith(configured),
        );
        expect(decision.replace).toBe(false);
      }),
    );
  });
});

describe("DiffConfig", () => {
  const base = { host: "http://127.0.0.1:8010", apiKey: "k", projectId: "1", organizationId: "o" };

  it("changes no setting into a replacement: host, projectId and organizationId update the provider in place", () => {
    expect(diffConfig(base, { ...base, host: "http://localhost:8010" })).toEqual({ changed: true });
    expect(diffConfig(base, { ...base, projectId: "2" })).toEqual({ changed: true });
    expect(diffConfig(base, { ...base, organizationId: "o2" })).toEqual({ changed: true });
    expect(diffConfig(base, { ...base, host: "http://127.0.0.1:8010/" })).toEqual({ changed: false });
  });

  it("notes the old host for the resources' diffs, and only when it changed", () => {
    diffConfig(base, { ...base, host: "http://localhost:8010" });
    expect(hostBefore()).toBe("http://127.0.0.1:8010");
    diffConfig(base, { ...base, host: "http://127.0.0.1:8010/" });
    expect(hostBefore()).toBeUndefined();
    diffConfig({ ...base, host: "https://app.posthog.com" }, { ...base, host: UNKNOWN });
    expect(hostBefore()).toBeUndefined();
    noteHostChange(undefined, "https://eu.posthog.com");
    expect(hostBefore()).toBe("https://us.posthog.com"); // the default, unset before
    noteHostChange("https://eu.posthog.com", "https://eu.posthog.com");
    expect(hostBefore()).toBeUndefined();
  });
});

describe("the host a dynamic resource's state records (no DiffConfig on that face)", () => {
  it("is the host before for its own diff only, concurrent diffs each seeing theirs", async () => {
    noteHostChange("https://eu.posthog.com", "https://eu.posthog.com"); // the plugin noted no change
    // Interleaved: each diff waits a different number of turns before it reads its host before.
    const diff = (host: string | undefined, turns: number) =>
      withRecordedHost(host, async () => {
        for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
        return hostBefore();
      });
    const hosts = ["http://127.0.0.1:8010", undefined, "http://a.example"];
    expect(await Promise.all(hosts.map((host, i) => diff(host, 3 - i)))).toEqual(hosts);
    expect(hostBefore()).toBeUndefined();
  });

  it("names the recorded host in the notice of the delete that leaves the object there", () => {
    noteHostChange("https://eu.posthog.com", "https://eu.posthog.com");
    const state = { name: "NPS", __host: "http://127.0.0.1:8010" };
    expect(leftBehindNotice("Survey", "s1", state)).toBe(
      'Survey "NPS": s1 is left at http://127.0.0.1:8010, not deleted: the provider\'s host is now another ' +
        "PostHog, where this resource now lives (created there, or taken over with adopt).",
    );
  });
});
