// The sign export reads (src/resources/survey/ownership.ts, hasDerivedForm): every question id this provider
// derives has it, whatever the stack's mark, the resource or the position; PostHog's own ids (uuid4) never do.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { createdByAStack, hasDerivedForm, ownedQuestionId } from "../../src/resources/survey/ownership";
import { newStackMark } from "../../src/ownership/stack-mark";

test("every derived id has the derived form", () => {
  fc.assert(
    fc.property(
      fc.string({ minLength: 1 }),
      fc.string({ minLength: 1 }),
      fc.nat({ max: 1000 }),
      (project, name, index) => {
        const id = ownedQuestionId({ project, stack: "dev", name, mark: newStackMark() }, index);
        expect(hasDerivedForm(id)).toBe(true);
      },
    ),
  );
});

test("PostHog's ids (version 4 UUIDs) and anything else never have it", () => {
  for (let i = 0; i < 1000; i++) expect(hasDerivedForm(randomUUID())).toBe(false);
  expect(hasDerivedForm(undefined)).toBe(false);
  expect(hasDerivedForm("q1")).toBe(false);
  // A version 7 UUID (time-ordered), as PostHog makes for other objects.
  expect(hasDerivedForm("0196f1a0-5c3e-7000-8000-00000000f00d")).toBe(false);
  // The provider writes its ids in lower case; PostHog keeps ids as sent.
  expect(hasDerivedForm("0196F1A0-5C3E-8000-8000-00000000F00D")).toBe(false);
});

test("a survey shows a stack made it when any of its questions carries a derived id", () => {
  const derived = ownedQuestionId({ project: "p", stack: "s", name: "nps", mark: newStackMark() }, 0);
  expect(createdByAStack([{ id: randomUUID() }, { id: derived }])).toBe(true);
  expect(createdByAStack([{ id: randomUUID() }, { id: randomUUID() }])).toBe(false);
  expect(createdByAStack([])).toBe(false);
  expect(createdByAStack(null)).toBe(false);
});
