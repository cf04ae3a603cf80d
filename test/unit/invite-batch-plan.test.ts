// planBatch over arbitrary rosters: a member is never invited again, only a changed level is PATCHed, and a
// membership is removed only for people leaving the roster with removeMemberOnDelete in effect.
import fc from "fast-check";
import { planBatch } from "../../src/resources/invite/batch-mapping";
import { declareInviteBatch } from "../../src/resources/invite/batch-declaration";
import type {
  AppliedPerson,
  BatchInvitation,
  InviteBatchOutputs,
  InviteLevel,
} from "../../src/resources/invite/types";

const levels: InviteLevel[] = ["member", "admin", "owner"];
const held = fc.record({
  level: fc.constantFrom(...levels),
  firstName: fc.constantFrom("", "A"),
  accepted: fc.boolean(),
  removeMemberOnDelete: fc.option(fc.boolean(), { nil: undefined }),
});
const declared = fc.option(
  fc.record({
    level: fc.constantFrom(...levels),
    firstName: fc.constantFrom("", "A"),
    removeMemberOnDelete: fc.option(fc.boolean(), { nil: undefined }),
  }),
  { nil: undefined },
);
const email = (i: number) => `p${i}@example.com`;

test("plans only the requests a roster change needs", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(held, declared), { maxLength: 12 }),
      fc.boolean(),
      (people, batchRemoval) => {
        const olds: Partial<InviteBatchOutputs> = {
          organizationId: "org",
          invites: people.map(([h], i): AppliedPerson => ({
            targetEmail: email(i),
            firstName: h.firstName,
            level: h.level,
            privateProjectAccess: [],
            ...(h.removeMemberOnDelete === undefined ? {} : { removeMemberOnDelete: h.removeMemberOnDelete }),
          })),
          invitations: Object.fromEntries(
            people.map(([h], i): [string, BatchInvitation] => [
              email(i),
              { inviteId: `i${i}`, status: h.accepted ? "accepted" : "pending", isExpired: false },
            ]),
          ),
        };
        const news = {
          removeMemberOnDelete: batchRemoval,
          invites: people.flatMap(([, d], i) => (d ? [{ targetEmail: email(i), ...d }] : [])),
        };
        const plan = planBatch(olds, declareInviteBatch(news));
        people.forEach(([h, d], i) => {
          const e = email(i);
          const invited = plan.invite.some((p) => p.targetEmail === e);
          const relevelled = plan.relevel.some((p) => p.targetEmail === e);
          expect(plan.uninvite.includes(e)).toBe(d === undefined);
          expect(plan.removeMember.includes(e)).toBe(
            d === undefined && (h.removeMemberOnDelete ?? batchRemoval),
          );
          if (!d) return expect(invited || relevelled).toBe(false);
          if (h.accepted) {
            expect(invited).toBe(false);
            expect(relevelled).toBe(d.level !== h.level);
          } else {
            expect(relevelled).toBe(false);
            expect(invited).toBe(d.level !== h.level || d.firstName !== h.firstName);
          }
        });
      },
    ),
  );
});
