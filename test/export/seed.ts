// What the round-trip test exports: 36 surveys covering every type, question kind, branching, appearance,
// conditions, dates, schedule and flag PostHog has, made directly over HTTP as a PostHog user would.

type Body = Record<string, unknown>;

const LONG_NAME =
  `Quarterly product survey for the analytics team, covering dashboards, insights, ${"and more ".repeat(20)}`.trim();

export function surveyBodies(flags: { plain: number; multivariate: number }): Body[] {
  const open = (question: string, extra: Body = {}) => ({ type: "open", question, ...extra });
  return [
    { name: "Minimal", type: "popover" },
    { name: "API survey", type: "api", questions: [open("What brought you here?")] },
    { name: "Button survey", type: "button", questions: [open("Anything to add?")] },
    { name: "Email survey", type: "email", questions: [open("How was your week?")] },
    { name: "Full screen", type: "full_screen", questions: [open("Tell us more")] },
    {
      name: "Widget tab",
      type: "widget",
      questions: [open("Feedback?")],
      appearance: { widgetType: "tab", widgetLabel: "Feedback", widgetColor: "#1d4aff" },
    },
    { name: "External", type: "external_survey", questions: [open("Thoughts?")] },
    {
      name: "NPS",
      type: "popover",
      questions: [
        {
          type: "rating",
          question: "How likely are you to recommend us?",
          display: "number",
          scale: 10,
          isNpsQuestion: true,
          lowerBoundLabel: "Unlikely",
          upperBoundLabel: "Very likely",
          branching: {
            type: "response_based",
            responseValues: { detractors: 1, passives: 2, promoters: "end" },
          },
        },
        open("What should we fix?", { branching: { type: "end" } }),
        open("What would make it a 10?"),
      ],
    },
    {
      name: "Emoji rating",
      type: "popover",
      questions: [
        {
          type: "rating",
          question: "How do you feel?",
          display: "emoji",
          scale: 5,
          branching: { type: "specific_question", index: 1 },
        },
        open("Why?", { optional: true, buttonText: "Done" }),
      ],
    },
    {
      name: "Single choice",
      type: "popover",
      questions: [
        {
          type: "single_choice",
          question: "Which plan are you on?",
          choices: ["Free", "Team", "Enterprise"],
          hasOpenChoice: true,
          branching: { type: "response_based", responseValues: { "0": 1, "1": "end", "2": "end" } },
        },
        open("Why not upgrade?"),
      ],
    },
    {
      name: "Multiple choice",
      type: "popover",
      questions: [
        {
          type: "multiple_choice",
          question: "What do you use?",
          choices: ["Dashboards", "Insights", "Session replay", "Feature flags", "Surveys", "Experiments"],
          shuffleOptions: true,
          branching: { type: "next_question" },
        },
        open("Anything else?"),
      ],
    },
    {
      name: "Link https",
      type: "popover",
      questions: [
        { type: "link", question: "Read the docs", link: "https://posthog.com/docs", buttonText: "Open" },
      ],
    },
    {
      name: "Link mailto",
      type: "popover",
      questions: [{ type: "link", question: "Write to us", link: "mailto:support@example.com" }],
    },
    {
      name: "HTML description",
      type: "popover",
      questions: [
        open("Tell us", { description: "<b>Be honest</b>, it helps.", descriptionContentType: "html" }),
      ],
    },
    {
      name: "Explicit question ids",
      type: "popover",
      questions: [
        open("First", { id: "11111111-1111-4111-8111-111111111111" }),
        open("Second", { id: "q-second" }),
      ],
    },
    {
      name: "Pass-through question keys",
      type: "popover",
      questions: [
        open("Your email?", { validation: [{ type: "email" }, { type: "max_length", value: 80 }] }),
      ],
    },
    {
      name: "URL regex",
      type: "popover",
      conditions: { url: "^https://app\\.example\\.com/(billing|plans)", urlMatchType: "regex" },
    },
    {
      name: "Event triggered",
      type: "popover",
      conditions: {
        events: {
          repeatedActivation: true,
          values: [{ name: "subscription cancelled" }, { name: "downgraded" }],
        },
      },
    },
    {
      name: "Devices and wait",
      type: "popover",
      conditions: { deviceTypes: ["Mobile", "Tablet"], seenSurveyWaitPeriodInDays: 30, selector: "#pricing" },
    },
    {
      name: "Flag variant",
      type: "popover",
      linked_flag_id: flags.multivariate,
      conditions: { linkedFlagVariant: "test" },
    },
    {
      name: "Linked flag",
      type: "popover",
      linked_flag_id: flags.plain,
      questions: [open("Do you like the beta?")],
    },
    {
      name: "Targeted",
      type: "popover",
      targeting_flag_filters: {
        groups: [
          {
            properties: [{ key: "email", type: "person", value: "@example.com", operator: "icontains" }],
            rollout_percentage: 25,
          },
        ],
      },
    },
    {
      name: "Running",
      type: "popover",
      start_date: "2026-01-05T09:00:00Z",
      questions: [open("How is it going?")],
    },
    {
      name: "Completed",
      type: "popover",
      start_date: "2025-01-01T00:00:00Z",
      end_date: "2025-03-31T23:59:59Z",
    },
    {
      name: "Archived",
      type: "popover",
      archived: true,
      start_date: "2024-06-01T00:00:00Z",
      end_date: "2024-07-01T00:00:00Z",
    },
    {
      name: "Recurring",
      type: "popover",
      schedule: "recurring",
      iteration_count: 4,
      iteration_frequency_days: 90,
      start_date: "2026-01-01T00:00:00Z",
    },
    { name: "Always on", type: "api", schedule: "always" },
    { name: "Limited", type: "popover", responses_limit: 250 },
    {
      name: "Partial responses",
      type: "popover",
      enable_partial_responses: true,
      questions: [open("One"), open("Two")],
    },
    { name: "Zero iterations", type: "popover", iteration_count: 0 },
    {
      name: "Branded",
      type: "popover",
      appearance: {
        backgroundColor: "#fafafa",
        submitButtonColor: "#1d4aff",
        submitButtonText: "Send",
        textColor: "#111111",
        displayThankYouMessage: true,
        thankYouMessageHeader: "Thanks!",
        thankYouMessageDescription: "<p>We read <i>every</i> answer.</p>",
        thankYouMessageDescriptionContentType: "html",
        surveyPopupDelaySeconds: 5,
        shuffleQuestions: true,
        maxWidth: "360px",
        zIndex: "2147482647",
      },
    },
    { name: "Described", type: "popover", description: "A survey with a description,\nover two lines." },
    { name: "Café ☕ feedback", type: "popover" },
    { name: "Feedback!", type: "popover" },
    { name: "Feedback?", type: "popover" },
    { name: 'The "new" editor', type: "popover", description: "It's what we call it" },
    { name: "日本語のアンケート", type: "popover" },
    {
      name: LONG_NAME,
      type: "popover",
      description: "A name long enough to be cut short in the resource name.",
    },
    {
      name: "Everything at once",
      type: "popover",
      description: "Ten questions",
      questions: Array.from({ length: 10 }, (_, i) =>
        i % 3 === 0
          ? { type: "rating", question: `Rate part ${i}`, scale: 7, display: "number" }
          : i % 3 === 1
            ? { type: "single_choice", question: `Pick for part ${i}`, choices: ["A", "B"] }
            : open(`Comment on part ${i}`, { optional: true }),
      ),
      conditions: { url: "/app", urlMatchType: "icontains" },
      appearance: { submitButtonText: "Next" },
      start_date: "2026-02-01T12:30:00.123Z",
      responses_limit: 1000,
    },
  ];
}

export const INVITES = {
  expired: { target_email: "old.friend@example.com", first_name: "Old" },
  pending: [
    { target_email: "ada@example.com" },
    {
      target_email: "Grace.Hopper@Example.com",
      first_name: "Grace",
      level: 8,
      message: "Welcome to the team!",
    },
    {
      target_email: "alan@example.com",
      first_name: "Alan",
      private_project_access: [{ id: 1, level: "member" }],
    },
  ],
};

/**
 * A survey holding a value in each of PostHog's writable survey fields that can be read back (all but
 * targeting_flag_filters and remove_targeting_flag, which are instructions): stopped, archived, recurring,
 * translated, sampled, with a linked insight and form content.
 */
export function everyFieldBody(flags: { plain: number; multivariate: number }, insight: number): Body {
  return {
    name: "Every field",
    description: "All of them at once",
    type: "popover",
    schedule: "recurring",
    linked_flag_id: flags.plain,
    linked_insight_id: insight,
    targeting_flag_id: flags.multivariate,
    questions: [
      { type: "rating", question: "How likely are you to recommend us?", scale: 10, display: "number" },
    ],
    conditions: { url: "https://example.com/pricing", urlMatchType: "icontains" },
    appearance: { backgroundColor: "#eeeeee", thankYouMessageHeader: "Merci" },
    start_date: "2026-01-05T09:00:00Z",
    end_date: "2026-02-05T09:00:00Z",
    archived: true,
    responses_limit: 500,
    iteration_count: 4,
    iteration_frequency_days: 30,
    response_sampling_start_date: "2031-03-01T00:00:00Z",
    response_sampling_interval_type: "day",
    response_sampling_interval: 2,
    response_sampling_limit: 50,
    enable_partial_responses: true,
    enable_iframe_embedding: true,
    base_language: "fr",
    translations: { de: { name: "Jedes Feld", thankYouMessageHeader: "Danke" }, "pt-br": { name: "Todos" } },
    form_content: { blocks: [{ kind: "paragraph", text: "Tell us more" }] },
  };
}
