// Text PostHog trims is trimmed with Python's whitespace (DRF CharField, `choice.strip()`), seen over HTTP: the
// information separators and U+0085 go, U+FEFF and U+200B stay.
import { useHarness } from "./helpers";

const h = useHarness();

const QUESTIONS = [{ type: "open", question: "How was it?" }];

describe("Python's whitespace, as PostHog trims", () => {
  it("a survey's name and description lose U+001C-U+001F and U+0085, keep U+FEFF and U+200B", async () => {
    const r = await h.survey({
      name: "\u001c\u0085 NPS \u001f",
      description: "\u001d\ufeffabout\u200b\u001e",
      questions: QUESTIONS,
    });
    expect(r.status).toBe(201);
    const read = await h.api("GET", `/api/projects/${h.em.projectId}/surveys/${r.body.id}/`);
    expect([read.body.name, read.body.description]).toEqual(["NPS", "\ufeffabout\u200b"]);
  });

  it("a name of separators only is blank; one of U+FEFF is not", async () => {
    const blank = await h.survey({ name: "\u001c\u001d\u001e\u001f\u0085", questions: QUESTIONS });
    expect([blank.status, blank.body]).toEqual([
      400,
      { type: "validation_error", code: "blank", detail: "This field may not be blank.", attr: "name" },
    ]);
    const bom = await h.survey({ name: "\ufeff", questions: QUESTIONS });
    expect([bom.status, bom.body.name]).toEqual([201, "\ufeff"]);
  });

  it("a choice of U+0085 is empty; a choice of U+FEFF is kept", async () => {
    const choice = (c: string) =>
      h.survey({
        name: `c ${c.codePointAt(0)}`,
        questions: [{ type: "single_choice", question: "Q", choices: ["a", c] }],
      });
    const empty = await choice("\u0085");
    expect([empty.status, empty.body.detail, empty.body.attr]).toEqual([
      400,
      "Question choices cannot be empty",
      "questions",
    ]);
    const bom = await choice("\ufeff");
    expect([bom.status, bom.body.questions[0].choices]).toEqual([201, ["a", "\ufeff"]]);
  });

  it("an invite's first name and message are trimmed the same way", async () => {
    const r = await h.api("POST", `/api/organizations/${h.em.organizationId}/invites/`, {
      target_email: "x@example.com",
      first_name: "\u001fAnn\u0085",
      message: "\u2028hi\ufeff\u001c",
    });
    expect(r.status).toBe(201);
    expect([r.body.first_name, r.body.message]).toEqual(["Ann", "hi\ufeff"]);
  });

  it("a search term loses NUL bytes and Python's whitespace, on the member and survey lists", async () => {
    await h.control("POST", "/members", { email: "zed@example.com", first_name: "Ada" });
    const members = `/api/organizations/${h.em.organizationId}/members/`;
    const q = encodeURIComponent("\u001c\u0085ada\u0000\u001f");
    const found = await h.api("GET", `${members}?search=${q}`);
    expect(found.body.results.map((m: { user: { email: string } }) => m.user.email)).toEqual([
      "zed@example.com",
    ]);
    const blank = await h.api("GET", `${members}?search=${encodeURIComponent("\u001d\u0085")}`);
    expect([blank.body.count, blank.body.results[0].search_match_type]).toEqual([2, null]);

    await h.survey({ name: "NPS", questions: QUESTIONS });
    await h.survey({ name: "CSAT", questions: QUESTIONS });
    const surveys = await h.api(
      "GET",
      `/api/projects/${h.em.projectId}/surveys/?search=${encodeURIComponent("\u001enps\u0085")}`,
    );
    expect(surveys.body.results.map((x: { name: string }) => x.name)).toEqual(["NPS"]);
  });
});
