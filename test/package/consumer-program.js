// The consumer's program: two of each resource type (each type's __provider must be identical and small).
exports.declare = (posthog) => {
  new posthog.Survey("first", {
    name: "Packaged one",
    type: "popover",
    questions: [{ type: "open", question: "One?" }],
  });
  new posthog.Survey("second", { name: "Packaged two", type: "api" });
  new posthog.Invite("alice", { targetEmail: "alice@example.com", firstName: "Alice" });
  new posthog.Invite("bob", { targetEmail: "bob@example.com" });
  new posthog.InviteBatch("team", { invites: [{ targetEmail: "carol@example.com" }] });
  new posthog.InviteBatch("contractors", { invites: [{ targetEmail: "dan@example.com", level: "member" }] });
};
