// The key in a message from check or diff: check answers a bad input with failures (it does not throw), and a
// failure's reason quotes the bad value, which may be the key itself (pasted into the wrong field); diff refuses
// some steps by throwing, with a message that quotes what state holds. Both pass through src/scrub.ts before they
// leave the provider, on both faces, at preview: the key never appears, and the message says where it was.
import { RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { REDACTED } from "../../src/scrub";
import { startStack, type TestStack } from "../support/stack";

type Face = "dynamic" | "plugin";
type Kind = "Survey" | "Invite";
type Props = Record<string, unknown>;

const SHIM: { [K in Kind]: string } = { Survey: "survey/shim", Invite: "invite/shim" };
const FACES: Face[] = ["dynamic", "plugin"];

const stacks = {} as Record<Face, TestStack>;
beforeAll(async () => {
  stacks.dynamic = await startStack();
  stacks.plugin = await startStack({ face: "plugin" });
  for (const stack of Object.values(stacks)) await stack.server.configure(stack.config);
});
afterAll(async () => {
  await Promise.all(Object.values(stacks).map((stack) => stack?.close()));
});

/** The URN and the bag each face's engine would send (the dynamic face's carries __provider). */
function request(face: Face, kind: Kind, props: Props): { urn: string; props: Props } {
  if (face === "plugin") return { urn: `urn:pulumi:dev::p::${RESOURCE_TOKENS[kind]}::r`, props };
  const provider = `exports.handler = () => require("pulumi-posthog/dist/resources/${SHIM[kind]}");`;
  return {
    urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic:Resource::r",
    props: { ...props, __provider: provider },
  };
}

describe.each(FACES)("the %s face", (face) => {
  const key = () => stacks[face].apiKey;

  it.each<[Kind, (key: string) => Props, string]>([
    ["Invite", (k) => ({ targetEmail: "ada@example.com", level: k }), "level"],
    ["Invite", (k) => ({ targetEmail: k }), "targetEmail"],
    ["Survey", (k) => ({ name: "Scrubbed", type: k }), "type"],
  ])("check: %s, the key in an input its failure quotes (#%#)", async (kind, inputs, property) => {
    const { urn, props } = request(face, kind, inputs(key()));
    const { failures } = await stacks[face].server.check(urn, {}, props);
    expect(failures.map((f) => f.property)).toContain(property);
    const text = JSON.stringify(failures);
    expect(text).not.toContain(key());
    expect(failures.find((f) => f.property === property)?.reason).toContain(REDACTED);
  });

  it("diff: an owner's removal refused, quoting an email that holds the key", async () => {
    const email = `${key()}@example.com`;
    const olds = {
      organizationId: "0190aaaa-0000-0000-0000-000000000000",
      targetEmail: email,
      firstName: "",
      message: null,
      level: "owner",
      privateProjectAccess: [],
      sendEmail: true,
      renewWhenExpired: true,
      adopt: false,
      removeMemberOnDelete: true,
      status: "accepted",
      declared: { targetEmail: email, removeMemberOnDelete: true },
    };
    const { urn, props: news } = request(face, "Invite", {
      organizationId: olds.organizationId,
      targetEmail: "grace@example.com",
      removeMemberOnDelete: true,
    });
    const oldOutputs = request(face, "Invite", olds).props;
    const failure = await stacks[face].server.diff("member:1", urn, oldOutputs, olds.declared, news).then(
      () => new Error("diff did not refuse"),
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    expect(failure.message).toContain("is an owner and cannot be removed");
    expect(failure.message).toContain(`${REDACTED}@example.com`);
    expect(`${failure.message} ${failure.stack ?? ""} ${JSON.stringify(failure)}`).not.toContain(key());
  });
});
