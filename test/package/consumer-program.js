// The consumer's program: two surveys (the __provider must be identical and small).
exports.declare = (posthog) => {
  new posthog.Survey("first", {
    name: "Packaged one",
    type: "popover",
    questions: [{ type: "open", question: "One?" }],
  });
  new posthog.Survey("second", { name: "Packaged two", type: "api" });
};
