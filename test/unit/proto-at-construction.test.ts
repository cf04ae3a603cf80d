// A "__proto__" key a program read from JSON (JSON.parse makes it an own key) is refused when the resource is
// declared or the data function called, at any depth, in the seam's words (provider-kit/seam.ts): left to the
// SDK, its value would become the prototype of the inputs it sends, so its keys would be sent as declared, and
// the resource object's own prototype would be replaced (issue 38). The real CLI runs the same program in
// test/cli/proto-key.test.ts.
import {
  Invite,
  InviteBatch,
  Survey,
  getFeatureFlag,
  getInvites,
  getMembers,
  getSurvey,
  getSurveys,
} from "../../src";
import { getSurveyResponsesCount } from "../../src";

const json = (text: string): never => JSON.parse(text) as never;

const protoReason = (where: string) =>
  `${where} cannot be declared: "__proto__" is JavaScript's name for an object's prototype, not a key PostHog ` +
  "can receive, and it is refused on every face alike. Remove it.";

const refused = (what: string, where: string) =>
  `${what}: ${protoReason(where)} Nothing was sent to PostHog.`;

describe("a resource declared with an own __proto__ key", () => {
  it("throws at construction, naming the resource and the path", () => {
    const issue38 =
      '{"__proto__":{"name":"Injected via proto"},"type":"popover","questions":[{"type":"open","question":"Q?"}]}';
    expect(() => new Survey("p", json(issue38))).toThrow(refused('Survey "p"', "__proto__"));
    const nested =
      '{"name":"N","type":"popover","questions":[{"type":"open","question":"Q?","__proto__":{}}]}';
    expect(() => new Survey("q", json(nested))).toThrow(refused('Survey "q"', "questions[0].__proto__"));
    const invite = '{"targetEmail":"a@example.com","__proto__":{"level":15}}';
    expect(() => new Invite("i", json(invite))).toThrow(refused('Invite "i"', "__proto__"));
    const batch =
      '{"invites":[{"targetEmail":"a@example.com"},{"targetEmail":"b@example.com","__proto__":{}}]}';
    expect(() => new InviteBatch("b", json(batch))).toThrow(
      refused('InviteBatch "b"', "invites[1].__proto__"),
    );
  });

  it("names every such key at once", () => {
    const two =
      '{"__proto__":{},"name":"N","type":"popover","appearance":{"__proto__":{"backgroundColor":"#fff"}}}';
    expect(() => new Survey("t", json(two))).toThrow(
      `Survey "t": ${protoReason("__proto__")} ${protoReason("appearance.__proto__")} Nothing was sent to PostHog.`,
    );
  });
});

describe("a data function called with an own __proto__ key", () => {
  it("rejects before any request, in the same words", async () => {
    const proto = '{"__proto__":{"projectId":"1"}}';
    await expect(getSurveys(json(proto))).rejects.toThrow(refused("getSurveys", "__proto__"));
    await expect(getSurvey(json('{"id":"x","__proto__":{}}'))).rejects.toThrow(
      refused("getSurvey", "__proto__"),
    );
    await expect(getSurveyResponsesCount(json(proto))).rejects.toThrow(
      refused("getSurveyResponsesCount", "__proto__"),
    );
    await expect(getInvites(json(proto))).rejects.toThrow(refused("getInvites", "__proto__"));
    await expect(getMembers(json(proto))).rejects.toThrow(refused("getMembers", "__proto__"));
    await expect(getFeatureFlag(json('{"key":"k","__proto__":{}}'))).rejects.toThrow(
      refused("getFeatureFlag", "__proto__"),
    );
  });
});
