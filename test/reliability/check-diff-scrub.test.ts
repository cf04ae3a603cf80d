// The key in a message from check or diff: check answers a bad input with failures (it does not throw), and a
// failure's reason quotes the bad value, which may be the key itself (pasted into the wrong field); diff refuses
// some steps by throwing, with a message that quotes what state holds. Both pass through src/scrub.ts before they
// leave the provider, on both faces, at preview: the key never appears, and the message says where it was.
import { REDACTED } from "../../src/scrub";
import { FACES, rawRequest as request, rawFacesForFile } from "../plugin/raw-faces";

type Kind = "Survey" | "Invite";
type Props = Record<string, unknown>;

const stacks = rawFacesForFile();

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
    // The id is an invite's (an invite of this stack brought them in): a `member:` id is never removed, so never refused.
    const failure = await stacks[face].server
      .diff("0190bbbb-0000-0000-0000-000000000001", urn, oldOutputs, olds.declared, news)
      .then(
        () => new Error("diff did not refuse"),
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    expect(failure.message).toContain("is an owner and cannot be removed");
    expect(failure.message).toContain(`${REDACTED}@example.com`);
    expect(`${failure.message} ${failure.stack ?? ""} ${JSON.stringify(failure)}`).not.toContain(key());
  });
});
