// Question ids follow their questions (src/resources/survey/question-ids.ts): the rules one by one on the cases a
// user meets, then fast-check over random edits of a question list: the id of an unchanged question never moves,
// no two questions share an id, and nothing but a new question is left for PostHog to give an id.
import fc from "fast-check";
import { matchQuestionIds, withQuestionIds } from "../../src/resources/survey/question-ids";
import { questionIdNotice } from "../../src/resources/survey/question-id-notice";
import { carryQuestionIds } from "../../src/resources/survey/fields";
import type { SurveyQuestion } from "../../src";

type Q = { id?: string; type: "open" | "rating"; question: string };
const open = (question: string, id?: string): Q => ({ type: "open", question, ...(id ? { id } : {}) });

const HELD = [open("How likely are you to recommend us?", "id-a"), open("What could we improve?", "id-b")];
const ids = (declared: Q[], held: Q[] = HELD) => matchQuestionIds(declared, held).given.map((g) => g.id);

describe("question ids follow their questions", () => {
  it("a question inserted at the front is new; the others keep their ids", () => {
    const declared = [open("Which feature do you use most?"), ...HELD.map((q) => open(q.question))];
    expect(matchQuestionIds(declared, HELD)).toEqual({
      given: [
        { id: undefined, rule: "new" },
        { id: "id-a", rule: "unchanged" },
        { id: "id-b", rule: "unchanged" },
      ],
      leaving: [],
    });
    // The write body carries no id for the new question: PostHog gives it one (ensure_question_ids).
    expect(carryQuestionIds(declared as SurveyQuestion[], HELD)).toEqual([
      open("Which feature do you use most?"),
      open("How likely are you to recommend us?", "id-a"),
      open("What could we improve?", "id-b"),
    ]);
  });

  it("a reorder keeps each id with its question", () => {
    expect(ids([open("What could we improve?"), open("How likely are you to recommend us?")])).toEqual([
      "id-b",
      "id-a",
    ]);
  });

  it("an explicit id always wins, and the held question with that id gives it to no other", () => {
    expect(
      ids([open("How likely are you to recommend us?", "id-b"), open("What could we improve?")]),
    ).toEqual(["id-b", undefined]);
    expect(ids([open("Brand new", "mine"), open("How likely are you to recommend us?")])).toEqual([
      "mine",
      "id-a",
    ]);
  });

  it("an edit in place keeps the id: same position, same type, the old text gone", () => {
    expect(
      ids([open("How likely are you to recommend us, honestly?"), open("What could we improve?")]),
    ).toEqual(["id-a", "id-b"]);
    // A change of type is a new question, and the old id leaves.
    const retyped: Q[] = [
      { type: "rating", question: "How likely are you to recommend us?" },
      open("What could we improve?"),
    ];
    expect(matchQuestionIds(retyped, HELD)).toEqual({
      given: [
        { id: undefined, rule: "new" },
        { id: "id-b", rule: "unchanged" },
      ],
      leaving: [HELD[0]],
    });
    // The old text still declared (here with another type): no edit in place, it is a new question.
    const moved: Q[] = [
      open("Rewritten"),
      { type: "rating", question: "How likely are you to recommend us?" },
    ];
    expect(ids(moved, [HELD[0]])).toEqual([undefined, undefined]);
  });

  it("an edited question that also moved is new", () => {
    expect(
      ids([open("What could we improve?"), open("Something else entirely"), open("x")], [HELD[0], HELD[1]]),
    ).toEqual(["id-b", undefined, undefined]);
  });

  it("duplicates are matched in order: the first declared takes the first held", () => {
    const held = [open("Why?", "w1"), open("Other", "o"), open("Why?", "w2")];
    expect(ids([open("Why?"), open("Why?"), open("Other")], held)).toEqual(["w1", "w2", "o"]);
    // One duplicate removed: the first keeps the first id; the second held id leaves with its responses.
    expect(matchQuestionIds([open("Why?"), open("Other")], held).leaving).toEqual([held[2]]);
    // An insert before two copies leaves each copy its own id.
    const twins = [open("Why?", "w1"), open("Why?", "w2")];
    expect(ids([open("New"), open("Why?"), open("Why?")], twins)).toEqual([undefined, "w1", "w2"]);
    // The first copy edited in place: it keeps its id, and the second copy keeps its own.
    expect(ids([open("Why, really?"), open("Why?")], twins)).toEqual(["w1", "w2"]);
    // The second edited in place at its position: the first held text is still declared, its own copy is not.
    expect(ids([open("Why?"), open("Other"), open("Why not?")], held)).toEqual(["w1", "o", "w2"]);
  });

  it("compares the text as PostHog stores it (HTML sanitised)", () => {
    const held = [open('<b>Bold</b> <a href="https://x.example" rel="noopener noreferrer">link</a>', "h")];
    expect(
      ids([open('<b onclick="x()">Bold</b> <a href="https://x.example">link</a>'), open("New")], held),
    ).toEqual(["h", undefined]);
  });

  it("at a create the marks (an id per position, no type or text) go to their positions", () => {
    const marks = [{ id: "m0" }, {}, { id: "m2" }];
    const declared = [open("A"), open("B", "own"), open("A")];
    expect(withQuestionIds(declared, marks)).toEqual([open("A", "m0"), open("B", "own"), open("A", "m2")]);
  });
});

describe("the preview's notice", () => {
  it("names each question that gets a new id, and says the others keep theirs", () => {
    const declared = [open("Which feature do you use most?"), ...HELD.map((q) => open(q.question))];
    expect(questionIdNotice('Survey "S"', declared, HELD)).toBe(
      'Survey "S": questions[0] ("Which feature do you use most?") gets a new id from PostHog: it matches no ' +
        "question the survey holds (the same type and text, or an edit in place: the same position and type). " +
        "Every question the survey holds keeps its id, and with it its responses (PostHog keys each response by " +
        "its question's id, $survey_response_<id>).",
    );
  });

  it("says whose responses stay with an id that leaves", () => {
    const declared: Q[] = [{ type: "rating", question: "How likely are you to recommend us?" }];
    expect(questionIdNotice('Survey "S"', declared, HELD)).toBe(
      'Survey "S": questions[0] ("How likely are you to recommend us?") gets a new id from PostHog: it matches no ' +
        "question the survey holds (the same type and text, or an edit in place: the same position and type). " +
        "PostHog keys each response by its question's id ($survey_response_<id>), so responses already given stay " +
        'with the id they were given under: those to "How likely are you to recommend us?" with id id-a; those to ' +
        '"What could we improve?" with id id-b. Those ids leave the survey, so none of its questions shows those ' +
        "responses. To carry an id over to a changed question, declare it as that question's `id`.",
    );
  });

  it("says whose responses stay with the id of a removed question", () => {
    expect(questionIdNotice('Survey "S"', [open("What could we improve?")], HELD)).toBe(
      'Survey "S": PostHog keys each response by its question\'s id ($survey_response_<id>), so responses already ' +
        'given stay with the id they were given under: those to "How likely are you to recommend us?" with id id-a. ' +
        "That id leaves the survey, so none of its questions shows those responses. To carry an id over to a " +
        "changed question, declare it as that question's `id`.",
    );
  });

  it("says nothing when every question keeps its id", () => {
    expect(
      questionIdNotice(
        'Survey "S"',
        [open("What could we improve?"), open("How likely are you to recommend us?")],
        HELD,
      ),
    ).toBeUndefined();
  });
});

// ---- Properties over random edits of a question list.

const TEXTS = ["A", "B", "C", "D", "<b>E</b>"];
const question = fc.record({
  type: fc.constantFrom("open" as const, "rating" as const),
  question: fc.constantFrom(...TEXTS),
});
/** A held list: questions with distinct ids, as PostHog gives them. */
const heldList = fc
  .array(question, { maxLength: 6 })
  .map((qs) => qs.map((q, i): Q => ({ ...q, id: `held-${i}` })));

type Edit =
  | { kind: "insert"; at: number; q: Omit<Q, "id"> }
  | { kind: "remove"; at: number }
  | { kind: "move"; from: number; to: number }
  | { kind: "retext"; at: number; text: string }
  | { kind: "retype"; at: number }
  | { kind: "pin"; at: number; id: string };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(7), q: question }),
  fc.record({ kind: fc.constant("remove" as const), at: fc.nat(7) }),
  fc.record({ kind: fc.constant("move" as const), from: fc.nat(7), to: fc.nat(7) }),
  fc.record({ kind: fc.constant("retext" as const), at: fc.nat(7), text: fc.constantFrom(...TEXTS, "F") }),
  fc.record({ kind: fc.constant("retype" as const), at: fc.nat(7) }),
  fc.record({
    kind: fc.constant("pin" as const),
    at: fc.nat(7),
    id: fc.constantFrom("pin-1", "pin-2", "held-0"),
  }),
);

/** A declared question with where it came from: the held question it is (untouched), or none. */
interface Tracked {
  q: Q;
  origin?: number;
}

function applyEdit(list: Tracked[], e: Edit): Tracked[] {
  const out = [...list];
  const at = (i: number) => (out.length === 0 ? -1 : i % out.length);
  switch (e.kind) {
    case "insert":
      out.splice(e.at % (out.length + 1), 0, { q: { ...e.q } });
      return out;
    case "remove":
      if (at(e.at) >= 0) out.splice(at(e.at), 1);
      return out;
    case "move": {
      if (out.length === 0) return out;
      const [moved] = out.splice(at(e.from), 1);
      out.splice(e.to % (out.length + 1), 0, moved);
      return out;
    }
    case "retext":
      if (at(e.at) >= 0) out[at(e.at)] = { q: { ...out[at(e.at)].q, question: e.text } };
      return out;
    case "retype":
      if (at(e.at) >= 0) {
        const q = out[at(e.at)].q;
        out[at(e.at)] = { q: { ...q, type: q.type === "open" ? "rating" : "open" } };
      }
      return out;
    case "pin":
      // An explicit id, never two of the same (check refuses that: validate.ts).
      if (at(e.at) >= 0 && !out.some((t) => t.q.id === e.id))
        out[at(e.at)] = { q: { ...out[at(e.at)].q, id: e.id } };
      return out;
  }
}

describe("properties over random edits", () => {
  it("the id of an unchanged question never moves to another; no two questions share an id", () => {
    fc.assert(
      fc.property(heldList, fc.array(edit, { maxLength: 6 }), (held, edits) => {
        const start: Tracked[] = held.map(({ id: _id, ...q }, i) => ({ q, origin: i }));
        const declared = edits.reduce(applyEdit, start);
        const { given, leaving } = matchQuestionIds(
          declared.map((t) => t.q),
          held,
        );
        const written = given.map((g) => g.id).filter((id): id is string => id !== undefined);
        // No two questions share an id.
        expect(new Set(written).size).toBe(written.length);
        // An explicit id is written as declared.
        declared.forEach((t, i) => {
          if (t.q.id !== undefined) expect(given[i]?.id).toBe(t.q.id);
        });
        // An unchanged question (same type and text as a held one, no explicit id) keeps a held id of that same
        // type and text: never an id that belongs to another question.
        declared.forEach((t, i) => {
          const id = given[i]?.id;
          if (t.q.id !== undefined || t.origin === undefined || id === undefined) return;
          const owner = held.find((h) => h.id === id);
          if (given[i]?.rule === "unchanged")
            expect([owner?.type, owner?.question]).toEqual([t.q.type, t.q.question]);
        });
        // Each untouched held question keeps its own id when no duplicate or explicit id competes for it.
        declared.forEach((t, i) => {
          if (t.origin === undefined || t.q.id !== undefined) return;
          const own = held[t.origin];
          const twins = held.filter((h) => h.type === own.type && h.question === own.question).length;
          const copies = declared.filter(
            (d) => d.q.id === undefined && d.q.type === own.type && d.q.question === own.question,
          ).length;
          const pinned = declared.some((d) => d.q.id === own.id);
          if (twins === 1 && copies === 1 && !pinned) expect(given[i]?.id).toBe(own.id);
        });
        // An id leaves exactly when no declared question is written with it.
        expect(leaving.map((q) => q.id).sort()).toEqual(
          held
            .map((h) => h.id)
            .filter((id) => !written.includes(id ?? ""))
            .sort(),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("no two questions share an id even when PostHog holds one id twice (it checks none)", () => {
    const repeated = fc.array(
      fc.record({
        type: fc.constantFrom("open" as const, "rating" as const),
        question: fc.constantFrom(...TEXTS),
        id: fc.constantFrom("x", "y", "z"),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(repeated, fc.array(question, { maxLength: 6 }), (held, declared) => {
        const written = matchQuestionIds(declared, held)
          .given.map((g) => g.id)
          .filter((id): id is string => id !== undefined);
        expect(new Set(written).size).toBe(written.length);
      }),
      { numRuns: 300 },
    );
  });
});
