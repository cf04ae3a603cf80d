// Question ids follow their questions (src/resources/survey/question-ids.ts): the rules one by one on the cases a
// user meets, then fast-check over random edits of a question list: the id of an unchanged question never moves,
// no two questions share an id, and nothing but a new question is left for PostHog to give an id.
import fc from "fast-check";
import {
  EDIT_RESEMBLANCE,
  matchQuestionIds,
  resemblance,
  withQuestionIds,
} from "../../src/resources/survey/question-ids";
import { questionElementDiffs } from "../../src/resources/survey/question-diff";
import { questionIdNotices } from "../../src/resources/survey/question-id-notice";
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
        { id: "id-a", rule: "unchanged", from: 0 },
        { id: "id-b", rule: "unchanged", from: 1 },
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

  it("an edit in place keeps the id: same slot, same type, the wording kept", () => {
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
        { id: "id-b", rule: "unchanged", from: 1 },
      ],
      leaving: [HELD[0]],
    });
    // A question rewritten in other words at the same slot is a new question: its answers were to another one.
    expect(ids([open("Which plan are you on?"), open("What could we improve?")])).toEqual([
      undefined,
      "id-b",
    ]);
  });

  it("[A, B, C] -> [A, C edited]: C edited keeps C's id, and B's id leaves, never passing to a neighbour", () => {
    const held = [
      open("How likely are you to recommend us?", "a"),
      open("What do you like most about us?", "b"),
      open("What could we improve?", "c"),
    ];
    const declared = [
      open("How likely are you to recommend us?"),
      open("What could we improve, in one sentence?"),
    ];
    expect(matchQuestionIds(declared, held)).toEqual({
      given: [
        { id: "a", rule: "unchanged", from: 0 },
        { id: "c", rule: "edited", from: 2 },
      ],
      leaving: [held[1]],
    });
    // The same with B edited and C removed: B's id, C leaves.
    expect(ids([declared[0] ?? open(""), open("What do you like most about us, today?")], held)).toEqual([
      "a",
      "b",
    ]);
  });

  it("an edit that could be of two held questions is ambiguous: a new id, and the candidates named", () => {
    const held = [open("Anchor", "k"), open("Rate our docs", "x"), open("Rate our app", "y")];
    expect(matchQuestionIds([open("Anchor"), open("Rate our product")], held).given[1]).toEqual({
      id: undefined,
      rule: "ambiguous",
      candidates: [1, 2],
    });
  });

  it("an edit never crosses an unchanged question", () => {
    // "B edited" moved past A: A is an anchor, so it is a new question and B's id leaves.
    const held = [open("What do you like most about us?", "b"), open("How did you find us?", "a")];
    const { given, leaving } = matchQuestionIds(
      [open("How did you find us?"), open("What do you like most about us, today?")],
      held,
    );
    expect(given.map((g) => [g.id, g.rule])).toEqual([
      ["a", "unchanged"],
      [undefined, "new"],
    ]);
    expect(leaving).toEqual([held[0]]);
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
    // The second edited in place at its slot: the first held text is still declared, its own copy is not.
    expect(ids([open("Why?"), open("Other"), open("Why not?")], held)).toEqual(["w1", "o", "w2"]);
  });

  it("compares the text as PostHog stores it (HTML sanitised)", () => {
    const held = [open('<b>Bold</b> <a href="https://x.example" rel="noopener noreferrer">link</a>', "h")];
    expect(
      ids([open('<b onclick="x()">Bold</b> <a href="https://x.example">link</a>'), open("New")], held),
    ).toEqual(["h", undefined]);
  });

  it("resemblance: the words two texts share in order, over the words of both", () => {
    expect(resemblance("What could we improve?", "What could we improve, in one sentence?")).toBeCloseTo(
      8 / 11,
    );
    expect(
      resemblance("What do you like most about us?", "What could we improve, in one sentence?"),
    ).toBeLessThan(EDIT_RESEMBLANCE);
    expect(resemblance("<b>Why</b>?", "why")).toBe(1);
    expect(resemblance("👍", "👎")).toBe(0);
  });

  it("at a create the marks (an id per position, no type or text) go to their positions", () => {
    const marks = [{ id: "m0" }, {}, { id: "m2" }];
    const declared = [open("A"), open("B", "own"), open("A")];
    expect(withQuestionIds(declared, marks)).toEqual([open("A", "m0"), open("B", "own"), open("A", "m2")]);
  });
});

describe("the preview's notices", () => {
  const notices = (declared: Q[], held: Q[] = HELD) => questionIdNotices('Survey "S"', declared, held);

  it("names a new question, and counts the others that keep their ids", () => {
    const declared = [open("Which feature do you use most?"), ...HELD.map((q) => open(q.question))];
    expect(notices(declared)).toEqual([
      'Survey "S": questions[0] ("Which feature do you use most?") is a new question: PostHog gives it a new id, ' +
        "and it starts with no answers.",
      'Survey "S": the 2 other questions keep their ids and their answers.',
    ]);
  });

  it("names a reworded question with both texts and what its answers do, and an id that leaves", () => {
    const held = [
      open("A one", "a"),
      open("What do you like most about us?", "b"),
      open("What could we improve?", "c"),
    ];
    expect(notices([open("A one"), open("What could we improve, in one sentence?")], held)).toEqual([
      'Survey "S": questions[1] is reworded from "What could we improve?" to "What could we improve, in one ' +
        'sentence?" and keeps its id c: users see the new wording, and the answers already given to "What could we ' +
        'improve?" stay under that id and now show under the new wording.',
      'Survey "S": "What do you like most about us?" (id b) leaves the survey: its answers stay in PostHog under ' +
        "that id, and no question shows them. To keep them under a question, declare that id as the question's `id`.",
      'Survey "S": the other question keeps its id and its answers.',
    ]);
  });

  it("names an explicit id that re-maps a held id, and never says that every question keeps its id", () => {
    const said = notices([
      open("How likely are you to recommend us?", "id-b"),
      open("What could we improve?"),
    ]);
    expect(said).toEqual([
      'Survey "S": questions[0] declares id id-b, which "What could we improve?" holds now: users see "How likely ' +
        'are you to recommend us?" in its place, and the answers already given to "What could we improve?" stay ' +
        'under that id and now show under "How likely are you to recommend us?".',
      'Survey "S": questions[1] ("What could we improve?") is a new question: PostHog gives it a new id, and it ' +
        "starts with no answers.",
      'Survey "S": "How likely are you to recommend us?" (id id-a) leaves the survey: its answers stay in PostHog ' +
        "under that id, and no question shows them. To keep them under a question, declare that id as the " +
        "question's `id`.",
    ]);
    expect(said.join(" ")).not.toMatch(/every question/i);
  });

  it("names the candidates of an ambiguous edit", () => {
    const held = [open("Anchor", "k"), open("Rate our docs", "x"), open("Rate our app", "y")];
    expect(notices([open("Anchor"), open("Rate our product")], held)[0]).toBe(
      'Survey "S": questions[1] ("Rate our product") gets a new id and starts with no answers: it could be an edit ' +
        'of "Rate our docs" or "Rate our app", and nothing tells which. To carry one\'s answers over, declare its ' +
        "id (x or y) as this question's `id`.",
    );
  });

  it("says a reorder keeps every id, and says nothing when nothing moves", () => {
    expect(notices([open("What could we improve?"), open("How likely are you to recommend us?")])).toEqual([
      'Survey "S": the questions are reordered: each keeps its id and its answers.',
    ]);
    expect(notices([open("How likely are you to recommend us?"), open("What could we improve?")])).toEqual(
      [],
    );
  });
});

describe("the questions' detailed diff (plugin face)", () => {
  const asDeclared = (held: Q[]) => held.map(({ id: _id, ...q }) => q);
  const A = open("How likely are you to recommend us?", "a");
  const B = open("What do you like most about us?", "b");
  const C = open("What could we improve?", "c");
  const diffs = (declared: Q[], held: Q[]) => questionElementDiffs(declared, asDeclared(held), held);

  it("an insert is one added question", () => {
    expect(diffs([open("Which feature?"), ...asDeclared([A, C])], [A, C])).toEqual([
      { path: "questions[0]", kind: "add" },
    ]);
  });

  it("a removal is one removed question, an edit in place one updated question", () => {
    expect(diffs(asDeclared([A, C]), [A, B, C])).toEqual([{ path: "questions[1]", kind: "delete" }]);
    expect(
      diffs([open("How likely are you to recommend us to a friend?"), ...asDeclared([B])], [A, B]),
    ).toEqual([{ path: "questions[0]", kind: "update" }]);
  });

  it("no path for a question that moved and changed, or a reorder: the whole list, by position", () => {
    expect(
      diffs([open(A.question), open("What could we improve, in one sentence?")], [A, B, C]),
    ).toBeUndefined();
    expect(diffs(asDeclared([C, A]), [A, C])).toBeUndefined();
    // A retype at one index: the removal and the addition would share the index.
    expect(diffs([{ type: "rating", question: A.question }, open(C.question)], [A, C])).toBeUndefined();
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

// ---- Properties where each question has words of its own, so meaning is known: a question's descendant keeps
// its words (an edit keeps most of them), and no two questions share a word. An id may then only stay with its
// question's descendant.

/** A held question k's text: four words no other question has. */
const wordsOf = (k: number, n = 4) => Array.from({ length: n }, (_, w) => `k${k}w${w}`);
const heldOwn = fc
  .array(fc.constantFrom("open" as const, "rating" as const), { maxLength: 6 })
  .map((types) => types.map((type, k): Q => ({ type, question: wordsOf(k).join(" "), id: `held-${k}` })));

type OwnEdit =
  | { kind: "insert"; at: number }
  | { kind: "remove"; at: number }
  | { kind: "move"; from: number; to: number }
  | { kind: "reword"; at: number; drop: boolean }
  | { kind: "rewrite"; at: number }
  | { kind: "retype"; at: number }
  | { kind: "pin"; at: number };
const ownEdit: fc.Arbitrary<OwnEdit> = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(7) }),
  fc.record({ kind: fc.constant("remove" as const), at: fc.nat(7) }),
  fc.record({ kind: fc.constant("move" as const), from: fc.nat(7), to: fc.nat(7) }),
  fc.record({ kind: fc.constant("reword" as const), at: fc.nat(7), drop: fc.boolean() }),
  fc.record({ kind: fc.constant("rewrite" as const), at: fc.nat(7) }),
  fc.record({ kind: fc.constant("retype" as const), at: fc.nat(7) }),
  fc.record({ kind: fc.constant("pin" as const), at: fc.nat(7) }),
);

/** A declared question, the held question it descends from (none: new in meaning), and whether it is untouched. */
interface Own {
  q: Q;
  origin?: number;
  untouched: boolean;
}

let fresh = 0;
function applyOwn(list: Own[], e: OwnEdit): Own[] {
  const out = [...list];
  const at = (i: number) => (out.length === 0 ? -1 : i % out.length);
  const i = "at" in e ? at(e.at) : -1;
  const one = out[i];
  switch (e.kind) {
    case "insert":
      fresh += 1;
      out.splice(e.at % (out.length + 1), 0, {
        q: open(wordsOf(1000 + fresh).join(" ")),
        untouched: false,
      });
      return out;
    case "remove":
      if (one) out.splice(i, 1);
      return out;
    case "move": {
      if (out.length === 0) return out;
      const [moved] = out.splice(at(e.from), 1);
      if (moved) out.splice(e.to % (out.length + 1), 0, moved);
      return out;
    }
    case "reword": {
      // Keeps at least 3 of its words, with one word more or one fewer: still its question.
      if (!one) return out;
      const kept = one.q.question.split(" ");
      const question = e.drop && kept.length > 3 ? kept.slice(1) : [...kept, `x${(fresh += 1)}`];
      out[i] = { q: { ...one.q, question: question.join(" ") }, origin: one.origin, untouched: false };
      return out;
    }
    case "rewrite":
      fresh += 1;
      if (one) out[i] = { q: { ...one.q, question: wordsOf(1000 + fresh).join(" ") }, untouched: false };
      return out;
    case "retype":
      // Still its question in words (a retype undone is that question again), though no rule carries an id over
      // a change of type.
      if (one)
        out[i] = {
          ...one,
          q: { ...one.q, type: one.q.type === "open" ? "rating" : "open" },
          untouched: false,
        };
      return out;
    case "pin":
      fresh += 1;
      if (one && one.q.id === undefined) out[i] = { ...one, q: { ...one.q, id: `pin-${fresh}` } };
      return out;
  }
}

const startOf = (held: Q[]): Own[] => held.map(({ id: _id, ...q }, k) => ({ q, origin: k, untouched: true }));
const idsOf = (declared: Own[], held: Q[]) =>
  matchQuestionIds(
    declared.map((d) => d.q),
    held,
  ).given.map((g) => g.id);

describe("properties: ids move only with meaning", () => {
  it("an id stays only with its own question's descendant; a removed question's id is never reused", () => {
    fc.assert(
      fc.property(heldOwn, fc.array(ownEdit, { maxLength: 8 }), (held, edits) => {
        const declared = edits.reduce(applyOwn, startOf(held));
        const given = idsOf(declared, held);
        // The same type and words as a held question is that question again (a retype undone).
        const isHeld = (q: Q, h: Q | undefined) => q.type === h?.type && q.question === h.question;
        declared.forEach((d, i) => {
          const id = given[i];
          if (id === undefined || id === d.q.id) return;
          // A held id: only the descendant of that held question carries it.
          const owner = held.findIndex((h) => h.id === id);
          expect({ question: d.q, owner: isHeld(d.q, held[owner]) ? d.origin : owner }).toEqual({
            question: d.q,
            owner: d.origin,
          });
        });
        // The id of a question with no descendant (removed, rewritten, retyped) goes to no question.
        const descended = new Set(declared.flatMap((d) => (d.origin === undefined ? [] : [d.origin])));
        held.forEach((h, k) => {
          if (!descended.has(k) && !declared.some((d) => isHeld(d.q, h))) expect(given).not.toContain(h.id);
        });
      }),
      { numRuns: 1000 },
    );
  });

  it("an unchanged question keeps its id, wherever it moved", () => {
    fc.assert(
      fc.property(heldOwn, fc.array(ownEdit, { maxLength: 8 }), (held, edits) => {
        const declared = edits.reduce(applyOwn, startOf(held));
        const given = idsOf(declared, held);
        declared.forEach((d, i) => {
          if (d.untouched && d.q.id === undefined) expect(given[i]).toBe(held[d.origin ?? -1]?.id);
        });
      }),
      { numRuns: 1000 },
    );
  });

  it("a question reworded where it was keeps its id", () => {
    fc.assert(
      fc.property(heldOwn, fc.nat(7), fc.boolean(), (held, at, drop) => {
        fc.pre(held.length > 0);
        const declared = applyOwn(startOf(held), { kind: "reword", at, drop });
        expect(idsOf(declared, held)).toEqual(held.map((h) => h.id));
      }),
      { numRuns: 300 },
    );
  });

  it("matching is independent of unrelated insertions and removals elsewhere", () => {
    // The small-alphabet lists of the properties above, where duplicates, edits and explicit ids all meet; an
    // unrelated question (words no other question has) inserted in the program, or a removed one in PostHog's list,
    // changes no other question's id.
    const unrelated = (n: number): Q => open(`unrelated${n} words${n} only${n}`);
    fc.assert(
      fc.property(
        heldList,
        fc.array(edit, { maxLength: 6 }),
        fc.nat(7),
        fc.nat(7),
        (held, edits, insertAt, removedAt) => {
          const start: Tracked[] = held.map(({ id: _id, ...q }, i) => ({ q, origin: i }));
          const declared = edits.reduce(applyEdit, start).map((t) => t.q);
          const base = matchQuestionIds(declared, held).given.map((g) => g.id);

          const at = insertAt % (declared.length + 1);
          const inserted = [...declared.slice(0, at), unrelated(1), ...declared.slice(at)];
          const withInsert = matchQuestionIds(inserted, held).given.map((g) => g.id);
          expect([...withInsert.slice(0, at), ...withInsert.slice(at + 1)]).toEqual(base);
          expect(withInsert[at]).toBeUndefined();

          const where = removedAt % (held.length + 1);
          const removedInPostHog = [
            ...held.slice(0, where),
            { ...unrelated(2), id: "gone" },
            ...held.slice(where),
          ];
          const { given, leaving } = matchQuestionIds(declared, removedInPostHog);
          expect(given.map((g) => g.id)).toEqual(base);
          expect(leaving.map((q) => q.id)).toContain("gone");
        },
      ),
      { numRuns: 500 },
    );
  });
});
