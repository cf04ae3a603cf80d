// What a preview says a reviewer will see: the launch line (src/resources/survey/launch-notice.ts) and the plugin's
// detailed diff (src/plugin/detailed-diff.ts), which the engine renders instead of its own diff by position.
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { launchNotice } from "../../src/resources/survey/launch-notice";
import { detailedDiff, withDetailedDiff } from "../../src/plugin/detailed-diff";

describe("the launch line", () => {
  const LABEL = 'Survey "NPS"';
  const draft = { startDate: null, endDate: null, declared: {} };

  it("says what users will see when a draft or a new survey launches", () => {
    const line =
      'Survey "NPS" launches at this up: PostHog starts showing it to the users its targeting selects (its ' +
      "conditions, linked flag and rollout), and they can answer it.";
    expect(launchNotice(LABEL, draft, { status: "running" })).toBe(line);
    expect(launchNotice(LABEL, undefined, { status: "running" })).toBe(line);
    expect(launchNotice(LABEL, draft, { status: "running", startDate: "2027-01-04T09:00:00Z" })).toContain(
      "launches with startDate 2027-01-04T09:00:00Z: from then on PostHog shows it to",
    );
  });

  it("says a resume, and nothing when the survey stays as it is or stops", () => {
    const stopped = { startDate: "2026-01-01T00:00:00Z", endDate: "2026-02-01T00:00:00Z", declared: {} };
    expect(launchNotice(LABEL, stopped, { status: "running" })).toMatch(/^Survey "NPS" resumes at this up/);
    const running = { startDate: "2026-01-01T00:00:00Z", endDate: null, declared: { status: "running" } };
    expect(launchNotice(LABEL, running, { status: "running" })).toBeUndefined();
    expect(launchNotice(LABEL, draft, { status: "stopped" })).toBeUndefined();
    expect(launchNotice(LABEL, draft, {})).toBeUndefined();
  });
});

describe("the plugin's detailed diff", () => {
  const q = (question: string) => ({ type: "open", question });

  it("sends a resource's element paths and every other changed input whole, internal keys left out", () => {
    const olds = { name: "S", description: "x", questions: [q("A")], __identity: "urn:a" };
    const news = { name: "S2", questions: [q("N"), q("A")], archived: true, __identity: "urn:b" };
    const paths = detailedDiff(olds, news, {
      changes: true,
      elementDiffs: { questions: [{ path: "questions[0]", kind: "add" }] },
    });
    expect(paths).toEqual([
      { path: "name", kind: "update", replaces: false },
      { path: "description", kind: "delete", replaces: false },
      { path: "questions[0]", kind: "add", replaces: false },
      { path: "archived", kind: "add", replaces: false },
    ]);
    const response = withDetailedDiff(new pb.DiffResponse(), paths);
    expect(response.getHasdetaileddiff()).toBe(true);
    expect(response.getDiffsList()).toEqual(["name", "description", "questions", "archived"]);
    const map = response.getDetaileddiffMap();
    const sent = Object.fromEntries(
      ["name", "description", "questions[0]", "archived"].map((path) => [
        path,
        [map.get(path)?.getKind(), map.get(path)?.getInputdiff()],
      ]),
    );
    expect(map.getLength()).toBe(4);
    const K = pb.PropertyDiff.Kind;
    expect(sent).toEqual({
      name: [K.UPDATE, true],
      description: [K.DELETE, true],
      "questions[0]": [K.ADD, true],
      archived: [K.ADD, true],
    });
  });

  it("sends nothing when the resource describes no element (the engine diffs by itself), and the list whole when its paths are none", () => {
    expect(detailedDiff({ a: 1 }, { a: 2 }, { changes: true })).toBeUndefined();
    expect(withDetailedDiff(new pb.DiffResponse(), undefined).getHasdetaileddiff()).toBe(false);
    expect(
      detailedDiff({ questions: [q("A")] }, { questions: [q("B")] }, { changes: true, elementDiffs: {} }),
    ).toEqual([{ path: "questions", kind: "update", replaces: false }]);
  });
});
