// Generated from the doc comments of the public types by test/support/doc-comments.ts; do not edit.
// Change the doc comment, then run `UPDATE_CATALOGUE=1 npx jest test/unit/catalogue.test.ts`.
import type { SymbolDocs } from "./symbol-docs";

export const DOCS: { [symbol: string]: SymbolDocs } = {
  AppliedPerson: {
    doc: "A person as last applied. Before acceptance a change of the invite terms (all but removeMemberOnDelete) re-invites them; once accepted, `level` is the member's level in PostHog and a change of it is PATCHed.",
    members: { removeMemberOnDelete: "Only when declared for this person." },
  },
  BatchInvitation: {
    doc: "Where one person of a batch stands.",
    members: {
      inviteId: 'The invite id; "member:<id>" when the person was already a member.',
      status: "pending, expired or accepted.",
      isExpired: "Whether the invite is older than PostHog's 3 days.",
      userUuid: "The member's user uuid, once accepted and seen in the member list.",
      createdAt:
        "When PostHog created the invite: acceptance counts only for a member who joined while it was valid.",
      memberId: "The membership, once accepted and seen in the member list.",
    },
  },
  BatchPerson: {
    doc: "One person in an InviteBatch.",
    members: { removeMemberOnDelete: "Overrides the batch's removeMemberOnDelete for this person." },
  },
  BatchPersonArgs: {
    doc: "One person in a batch (see BatchPerson for the resolved shape).",
    members: {
      targetEmail: "Who to invite. Compared lowercased, as PostHog stores it.",
      firstName: "At most 30 characters.",
      level: "member (default), admin or owner.",
      privateProjectAccess: "Private projects the person gets access to on joining.",
      removeMemberOnDelete: "Overrides the batch's removeMemberOnDelete for this person.",
    },
  },
  ChoiceQuestion: {
    doc: "A question with a list of choices: one answer (`single_choice`) or several (`multiple_choice`).",
    members: {
      type: "`single_choice`: one of the choices; `multiple_choice`: any number of them.",
      choices: "The choices (at least one, none blank). Branching refers to them by index.",
      shuffleOptions: "Show the choices in a random order.",
      hasOpenChoice: 'The last choice takes free text (e.g. "Other").',
      skipSubmitButton: "Submit as soon as a choice is picked (single choice without an open choice).",
    },
    inherits: ["QuestionCommon"],
  },
  configKey: {
    doc: "The config key of a setting as the user on this face sets it: `posthog:apiKey`, or `posthog-iac:apiKey`; on a command line (export), its flag or else its environment variable.",
    members: {},
  },
  DateInput: {
    doc: "A date as an ISO 8601 string or a `Date` (sent as ISO), or null to clear it.",
    members: {},
  },
  FeatureFlagInfo: {
    doc: "A feature flag as getFeatureFlag reads it from PostHog.",
    members: {
      projectId: "The project the flag belongs to.",
      id: "The flag's id (differs between projects and hosts).",
      key: "The flag's key.",
      name: "The flag's description.",
      active: "Whether the flag is on.",
      filters: "Release conditions: `{groups: [...], ...}` as PostHog holds them.",
    },
  },
  getFeatureFlag: { doc: "One feature flag of a project, found by its key.", members: {} },
  GetFeatureFlagArgs: {
    doc: "The arguments of getFeatureFlag and getFeatureFlagOutput.",
    members: {
      key: "The flag's key, exactly (case-sensitive).",
      projectId: "Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project.",
    },
  },
  getFeatureFlagOutput: {
    doc: "getFeatureFlag with Pulumi Inputs as arguments, returning an Output.",
    members: {},
  },
  getInvites: { doc: "The pending and expired invites of an organization.", members: {} },
  GetInvitesArgs: {
    doc: "The arguments of getInvites and getInvitesOutput.",
    members: {
      organizationId:
        "Defaults to posthog:organizationId / POSTHOG_ORGANIZATION_ID, then the key's current organization.",
    },
  },
  getInvitesOutput: { doc: "getInvites with Pulumi Inputs as arguments, returning an Output.", members: {} },
  GetInvitesResult: {
    doc: "What getInvites returns: the organization and its invites.",
    members: {
      organizationId: "The organization the invites were read from.",
      invites: "Newest first, as PostHog lists them.",
    },
  },
  getMembers: { doc: "The members of an organization, with the level each has.", members: {} },
  GetMembersArgs: {
    doc: "The arguments of getMembers and getMembersOutput.",
    members: {
      organizationId:
        "Defaults to posthog:organizationId / POSTHOG_ORGANIZATION_ID, then the key's current organization.",
    },
  },
  getMembersOutput: { doc: "getMembers with Pulumi Inputs as arguments, returning an Output.", members: {} },
  GetMembersResult: {
    doc: "What getMembers returns: the organization and its members.",
    members: {
      organizationId: "The organization the members were read from.",
      members: "Newest member first, as PostHog lists them.",
    },
  },
  getSurvey: { doc: "One survey of a project, by id.", members: {} },
  GetSurveyArgs: {
    doc: "The arguments of getSurvey and getSurveyOutput.",
    members: {
      projectId: "Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project.",
      id: "The survey's id (UUID).",
    },
  },
  getSurveyOutput: { doc: "getSurvey with Pulumi Inputs as arguments, returning an Output.", members: {} },
  getSurveyResponsesCount: { doc: "How many responses each survey of a project has.", members: {} },
  GetSurveyResponsesCountArgs: {
    doc: "The arguments of getSurveyResponsesCount and getSurveyResponsesCountOutput.",
    members: {
      projectId: "Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project.",
      surveyIds: "Only these surveys; each appears in the result, with 0 when it has no responses.",
      excludeArchived: "Leave out responses to archived surveys.",
    },
  },
  getSurveyResponsesCountOutput: {
    doc: "getSurveyResponsesCount with Pulumi Inputs as arguments, returning an Output.",
    members: {},
  },
  GetSurveyResponsesCountResult: {
    doc: "What getSurveyResponsesCount returns: the project and each survey's number of responses.",
    members: { projectId: "The project the counts are for.", counts: "Survey id -> number of responses." },
  },
  getSurveys: {
    doc: "The surveys of a project, optionally filtered by text or archived state.",
    members: {},
  },
  GetSurveysArgs: {
    doc: "The arguments of getSurveys and getSurveysOutput.",
    members: {
      projectId: "Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project.",
      search: "Matches name and description (PostHog's ?search=).",
      archived: "true: only archived surveys; false: only active ones; unset: both.",
    },
  },
  getSurveysOutput: { doc: "getSurveys with Pulumi Inputs as arguments, returning an Output.", members: {} },
  GetSurveysResult: {
    doc: "What getSurveys returns: the project and its surveys.",
    members: {
      projectId: "The project the surveys were read from.",
      surveys: "The project's surveys, as PostHog lists them.",
    },
  },
  Invite: {
    doc: "One person invited to a PostHog organization; once they accept, their membership.",
    members: {
      inviteId: "PostHog's invite id; null when the person was already a member.",
      memberId: "The member id once accepted (or when the person already was a member).",
      userUuid: "The member's user uuid once accepted (PostHog addresses memberships by it).",
      status: "pending, expired or accepted (as of the last up or refresh).",
    },
  },
  InviteArgs: {
    doc: "The arguments of `new Invite(name, args)`: each may be a plain value or a Pulumi Input.",
    members: {
      organizationId:
        "Organization (UUID). Defaults to posthog:organizationId / POSTHOG_ORGANIZATION_ID, then the key's current organization. Changing it replaces the invite; a changed posthog:organizationId leaves an existing invite where it is.",
      targetEmail: "Who to invite. Compared lowercased, as PostHog stores it.",
      firstName: "At most 30 characters.",
      message: "Text added to the invite email.",
      level:
        "member (default), admin or owner; never above your own level. Once accepted, a change is applied to the membership.",
      privateProjectAccess: "Private projects the person gets access to on joining.",
      sendEmail: "Send the invite email (default true). Write-only: changing it later sends nothing.",
      renewWhenExpired:
        "When the invite expires (after 3 days), replace it on the next `pulumi up`, re-sending it (default true).",
      adopt:
        "Take over the pending invite for this email, if there is one, instead of sending a new one; if the person has already joined, take over their membership. Nothing is sent either way. Used at create, and by an update of the terms when the invite this resource held is gone.",
      removeMemberOnDelete:
        "Once the person has accepted, deleting this resource (or replacing it with another person) also removes them from the organization (default false: only a pending invite is ever deleted). PostHog never removes an owner.",
    },
  },
  InviteBatch: {
    doc: "Many people invited to a PostHog organization at once; a change touches only the people it concerns.",
    members: {
      invites:
        "The people as applied, defaults filled in; once accepted, `level` is the member's level in PostHog.",
      invitations: "Per person (keyed by lowercased email): invite id, status and expiry.",
    },
  },
  InviteBatchArgs: {
    doc: "The arguments of `new InviteBatch(name, args)`: each may be a plain value or a Pulumi Input.",
    members: {
      organizationId:
        "Organization (UUID). Defaults to posthog:organizationId / POSTHOG_ORGANIZATION_ID, then the key's current organization. Changing it replaces the batch; a changed posthog:organizationId leaves an existing batch where it is.",
      invites: "The people to invite; each email (compared lowercased) at most once.",
      message: "Text added to every invite email; a change applies to people invited from then on.",
      sendEmail: "Send the invite emails (default true).",
      removeMemberOnDelete:
        "Removing an accepted person from `invites` (or deleting the batch) also removes them from the organization (default false: only pending invites are deleted). Each person may override it.",
    },
  },
  InviteBatchInputs: {
    doc: "The inputs of an InviteBatch as the provider receives them, resolved (no Inputs or Outputs).",
    members: {
      message:
        "Shared message for the emails. Changing it applies to people invited from then on (no re-send).",
      removeMemberOnDelete:
        "Removing an accepted person from the batch (or deleting the batch) removes them from the organization (default false).",
    },
  },
  InviteBatchOutputs: {
    doc: "What an InviteBatch resource holds: its settings, the people as applied and where each invitation stands.",
    members: {
      invites: "The people as applied (invited or found to be members), in declaration order.",
      invitations: "Per person, keyed by lowercased email.",
    },
  },
  InviteInputs: {
    doc: "The inputs of an Invite as the provider receives them, resolved (no Inputs or Outputs).",
    members: {
      removeMemberOnDelete:
        "Once accepted, deleting the resource also removes the person from the organization (default false).",
    },
  },
  InviteOutputs: {
    doc: "What an Invite resource holds. Every field is present (null when PostHog has no value).",
    members: {
      inviteId:
        "PostHog's invite id; null when the person was already a member when the invite was declared.",
      memberId:
        "The organization member id once the invite is accepted (or the person already was a member).",
      userUuid: "The member's user uuid (how PostHog addresses a membership) once accepted; null before.",
      isExpired: "Whether the invite is older than PostHog's 3 days and can no longer be accepted.",
      emailingAttemptMade: "Whether PostHog tried to send the invite email.",
      createdAt: "When the invite was created (ISO 8601).",
      updatedAt: "When the invite was last changed (ISO 8601).",
      createdBy: "The user who sent the invite.",
      status: "pending, expired or accepted (as of the last up or refresh).",
    },
  },
  InviteStatus: {
    doc: "pending: sent, not accepted, not expired. expired: older than PostHog's 3 days. accepted: now a member.",
    members: {},
  },
  LinkQuestion: {
    doc: "A message with a button that opens a link.",
    members: {
      type: "`link`: a message with a button that opens `link`.",
      link: "https:// or mailto: only; null or empty for no link.",
    },
    inherits: ["QuestionCommon"],
  },
  MemberInfo: {
    doc: "A member of the organization as getMembers reads it from PostHog.",
    members: {
      memberId: "The membership id.",
      userUuid: "The user's uuid: how PostHog addresses the membership.",
      email: "The member's email address.",
      firstName: "The member's first name.",
      lastName: "The member's last name.",
      level: "member, admin or owner.",
      joinedAt: "When they joined (ISO 8601); null if PostHog does not say.",
    },
  },
  OpenQuestion: {
    doc: "A free-text question.",
    members: { type: "`open`: a free-text answer.", validation: "Rules the answer must satisfy." },
    inherits: ["QuestionCommon"],
  },
  PrivateProjectAccess: {
    doc: "Access to a private project, granted when the invite is accepted.",
    members: { id: "The private project's id.", level: "The person's level in that project." },
  },
  providerSetting: {
    doc: "Where the provider that runs this takes a setting from: configKey's stack config for the dynamic providers and a default provider; for an explicit provider resource, its own input (an explicit provider reads no stack config).",
    members: {},
  },
  QuestionBranching: { doc: "Where the survey goes after a question.", members: {} },
  "QuestionBranching.end": { members: { type: "End the survey (shows the thank-you message, if any)." } },
  "QuestionBranching.next_question": { members: { type: "Go on to the next question (the default)." } },
  "QuestionBranching.response_based": {
    members: {
      type: "Go where the answer says.",
      responseValues:
        'Answer -> question index, or "end". Keys are choice indexes ("0", "1", …) for choice questions, and "negative" / "neutral" / "positive" (or "detractors" / "passives" / "promoters" on a 10-point scale) for rating questions.',
    },
  },
  "QuestionBranching.specific_question": {
    members: { type: "Jump to the question at `index`.", index: "0-based index of the question to go to." },
  },
  QuestionCommon: {
    members: {
      id: "PostHog's id for the question, which keys its responses. Left out, a question keeps its id through inserts, removals, reorders and edits of its text in place, and a new question gets one from PostHog; give it to keep an id through a bigger change.",
      question: "The question text (not blank; HTML is sanitised by PostHog).",
      description: "Helper text under the question (HTML is sanitised by PostHog).",
      descriptionContentType: "Whether `description` is plain text or HTML.",
      optional: "Whether a respondent may skip the question.",
      buttonText: "Label of the submit button.",
      branching:
        "Where the survey goes after this question. PostHog refuses branching together with `appearance.shuffleQuestions`.",
      translations:
        'The question\'s texts in other languages, by language code such as "fr" or "pt-BR" (not the survey\'s base language). PostHog stores the code lowercased ("pt-br"), as it does the survey\'s own translations.',
      extra:
        "Question keys PostHog added after this provider, merged as they are into what PostHog receives.",
    },
  },
  QuestionTranslation: {
    doc: "A question's texts in one more language (the key of `translations` is the language code).",
    members: {
      question: "The question text.",
      description: "The description.",
      buttonText: "The submit button's label.",
      lowerBoundLabel: "A rating question's lower-bound label.",
      upperBoundLabel: "A rating question's upper-bound label.",
      choices: "A choice question's choices, as many as the question has, in the same order.",
      link: "A link question's link (https:// or mailto:).",
    },
  },
  QuestionValidationRule: {
    doc: "A rule an open question's answer must satisfy.",
    members: {
      type: "`min_length` / `max_length` of the answer, or `email` (the answer must be an email address).",
      value: "The length for `min_length` / `max_length` (a positive whole number).",
      errorMessage: "The message shown when the answer breaks the rule (PostHog's SDK has a default).",
    },
  },
  RatingQuestion: {
    doc: "A rating on a scale of numbers or emoji.",
    members: {
      type: "`rating`: a score on a scale.",
      display: "Numbers or emoji.",
      scale: "The number of points: 2, 3 or 5 emoji; 5, 7 or 10 numbers (10 is 0–10).",
      lowerBoundLabel: 'Label under the lowest score (e.g. "Unlikely").',
      upperBoundLabel: 'Label under the highest score (e.g. "Very likely").',
      isNpsQuestion:
        "Whether PostHog reports the answers as a Net Promoter Score (PostHog's editor offers it on the 10-point scale).",
      skipSubmitButton: "Submit as soon as a score is picked, without a submit button.",
    },
    inherits: ["QuestionCommon"],
  },
  readArguments: {
    doc: "Settings given as text by a caller (export's options), parsed as config and environment values are.",
    members: {},
  },
  readPulumiConfig: {
    doc: "Reads the settings from a Pulumi config source, asked by setting name (the namespace is the caller's: the dynamic provider's configure request, the program's `posthog` config, the plugin's provider inputs).",
    members: {},
  },
  resolveSettings: { doc: "Merges overrides over config over environment over defaults.", members: {} },
  setPulumiConfig: {
    doc: "Called from the providers' `configure()`; later calls replace earlier ones.",
    members: {},
  },
  SETTINGS: {
    members: {
      host: "The PostHog host to talk to (default https://us.posthog.com; https://eu.posthog.com or your own).",
      apiKey:
        "A personal API key with the scopes the resources need (survey:write, organization_member:write, …).",
      projectId:
        "The project (numeric id) resources and data functions use when they name none; unset: the key's current project.",
      organizationId:
        "The organization (UUID) invites use when they name none; unset: the key's current organization.",
      checkKeyAndHost:
        "Ask PostHog once per run, before the first resource is planned, whose key this is (`GET /api/users/@me/`), and once per project or organization the resources name whether it is there, so that a revoked key, a host that is not PostHog or a wrong projectId fails at preview with the message `up` would give; false skips these requests (a preview that must not reach PostHog).",
      requestsPerSecond:
        "An optional extra client-side cap per host+key, on top of the rate windows; off by default.",
      rateWindows:
        "The host's rate windows per personal API key, mirrored by the client's scheduler; \"off\" for none.",
      requestDeadlineMs:
        "The most one request may take, waits and retries included; a rate wait that cannot fit fails at once.",
      requestTimeoutMs: "How long one HTTP attempt may take.",
      retryBaseMs: "The first retry delay; retries back off exponentially from it.",
      listCacheTtlMs:
        "How long a finished listing (of surveys, flags, invites or members) is reused; 0 turns the cache off.",
    },
  },
  SettingsExtra: {
    doc: "Keys PostHog added after this version of the provider, sent as they are: check does not look inside, and the keys are merged into the object PostHog receives (so PostHog stores `{..., newKey: 1}`, not `{extra: {...}}`). Diff compares the merged object with what PostHog stores, so a key declared here converges like any other. A key may not be both declared directly and in `extra`. See docs/guides/survey-settings.md.",
    members: {},
  },
  Survey: {
    doc: "A PostHog survey: its questions, targeting, appearance and lifecycle (launch, stop, archive).",
    members: {
      get: "A read-only reference to an existing survey (Pulumi cannot import dynamic resources; see `adopt`).",
    },
  },
  SurveyActionCondition: {
    doc: "An action that shows the survey. PostHog links the action by `id` and answers with the whole action.",
    members: {
      id: "The action's id.",
      name: "The action's name, for the reader; PostHog reads only the id.",
    },
  },
  SurveyAdoption: {
    doc: "Take over a survey that already exists instead of creating one (Pulumi cannot import dynamic resources).",
    members: { id: "The survey's id (UUID).", name: "The survey's exact, case-sensitive name." },
  },
  SurveyAppearance: {
    doc: "How PostHog's SDKs draw the survey (`appearance`). Every key is optional; colours and sizes are CSS values written as strings. Keys PostHog adds after this provider go in `extra`.",
    members: {
      backgroundColor: 'Background colour of the survey box (CSS colour, e.g. "#eeeded").',
      textColor: "Main text colour; by default PostHog picks one that contrasts with `backgroundColor`.",
      textSubtleColor: "Colour of secondary texts such as descriptions (PostHog's editor writes it).",
      descriptionTextColor:
        "Deprecated by PostHog (no longer used by the SDK); kept so existing surveys can be declared.",
      submitButtonColor: "Background colour of the submit button.",
      submitButtonText: "Label of the submit button; PostHog prefers each question's `buttonText`.",
      submitButtonTextColor:
        "Text colour of the submit button; by default it contrasts with `submitButtonColor`.",
      ratingButtonColor: "Background colour of rating buttons.",
      ratingButtonActiveColor: "Colour of the selected rating button.",
      ratingButtonHoverColor: "Colour of a rating button under the pointer.",
      inputBackground: "Background colour of text inputs and rating buttons.",
      inputBackgroundColor: "Deprecated by PostHog in favour of `inputBackground`.",
      inputTextColor:
        "Text colour of inputs and rating buttons; by default it contrasts with `inputBackground`.",
      borderColor: "Border colour of the survey box.",
      placeholder: 'Placeholder of open-text answers (e.g. "Start typing...").',
      whiteLabel:
        'Hide the "Survey by PostHog" footer. PostHog refuses it unless the organization has white labelling.',
      autoDisappear: "Close the survey by itself a few seconds after the thank-you message.",
      displayThankYouMessage: "Show a thank-you message after the last question.",
      thankYouMessageHeader: "Heading of the thank-you message (HTML is sanitised by PostHog).",
      thankYouMessageDescription: "Body of the thank-you message (HTML is sanitised by PostHog).",
      thankYouMessageDescriptionContentType: "Whether `thankYouMessageDescription` is plain text or HTML.",
      thankYouMessageCloseButtonText:
        "Label of the button that closes the thank-you message (HTML is sanitised by PostHog).",
      displayIntroScreen: "Show an intro screen before the first question; it records no response.",
      introScreenHeader: "Heading of the intro screen.",
      introScreenDescription: "Body of the intro screen.",
      introScreenDescriptionContentType: "Whether `introScreenDescription` is plain text or HTML.",
      introScreenButtonText: "Label of the button that leaves the intro screen.",
      position: "Where a popover sits on the page.",
      tabPosition: 'The edge a feedback tab (`widgetType: "tab"`) sticks to.',
      zIndex: 'CSS z-index of the survey, as a string (e.g. "2147482647").',
      shuffleQuestions:
        "Ask the questions in a random order. PostHog refuses it together with question branching.",
      surveyPopupDelaySeconds:
        "Seconds to wait before showing the survey once its conditions match (0 or more; null: no delay). Not allowed for external surveys.",
      allowGoBack: 'Show a "Back" button after the first question.',
      backButtonText: 'Label of the "Back" button (default "Back").',
      widgetType:
        "How a `widget` survey opens: a floating button, a tab on the page's edge, or your own element.",
      widgetSelector: 'CSS selector of your own element that opens the survey (`widgetType: "selector"`).',
      widgetLabel: 'Label of the feedback button or tab (e.g. "Feedback").',
      widgetColor: "Colour of the feedback button or tab.",
      fontFamily: 'Font of the survey; PostHog\'s editor offers "inherit", "system-ui" and web-safe fonts.',
      disabledButtonOpacity: 'Opacity of a disabled button, as a string (e.g. "0.6").',
      maxWidth: 'Largest width of the survey box (CSS length, e.g. "300px").',
      boxPadding: 'Padding inside the survey box (CSS, e.g. "20px 24px").',
      boxShadow: "Shadow of the survey box (CSS box-shadow).",
      borderRadius: 'Corner radius of the survey box (CSS length, e.g. "10px").',
      hideCancelButton:
        "Hide the close (X) button; the browser SDK reads it, PostHog's editor does not offer it.",
      disableAutofocus: "Do not move the keyboard focus into the survey when it opens (browser SDK).",
      extra:
        "Appearance keys PostHog added after this provider, merged as they are into what PostHog receives.",
    },
  },
  SurveyComputed: {
    doc: "What a Survey holds besides its fields: what PostHog assigns, and the provider's bookkeeping.",
    members: {
      surveyId: "PostHog's id for the survey (a UUID).",
      createdAt: "When the survey was created (ISO 8601).",
      createdBy: "The user who created the survey.",
      linkedFlag: "The linked feature flag, as PostHog holds it.",
      targetingFlag: "The targeting feature flag, as PostHog holds it.",
      internalTargetingFlag:
        "The flag PostHog maintains to stop showing the survey to people who answered or dismissed it.",
      declared:
        "What the program declared at the last apply: fields it stops declaring are reset; others are left alone.",
    },
  },
  SurveyConditions: {
    doc: "When PostHog's SDKs show the survey (`conditions`). Every key is optional.",
    members: {
      url: "Show the survey only on pages whose URL matches this (see `urlMatchType`).",
      urlMatchType: "How `url` is matched (default `icontains`).",
      selector: "Show the survey only when an element matching this CSS selector is on the page.",
      seenSurveyWaitPeriodInDays:
        "Do not show the survey to someone who saw any survey in the last this many days (0 or more).",
      deviceTypes: "Show the survey only on these device types.",
      deviceTypesMatchType: "How `deviceTypes` is matched.",
      linkedFlagVariant:
        'Show the survey only to people in this variant of the linked flag ("any" for every variant); needs linkedFlagId or linkedFlagKey.',
      events: "Events that show the survey.",
      cancelEvents: "Events that cancel a survey waiting out its `surveyPopupDelaySeconds`.",
      actions: "Actions that show the survey; PostHog links them to the survey on every save.",
      extra:
        "Condition keys PostHog added after this provider, merged as they are into what PostHog receives.",
    },
  },
  "SurveyConditions.actions": { members: { values: "The actions, by id." } },
  "SurveyConditions.cancelEvents": { members: { values: "The events." } },
  "SurveyConditions.events": {
    members: {
      repeatedActivation: "Show the survey each time one of the events happens, not only the first time.",
      values: "The events.",
    },
  },
  SurveyEventCondition: {
    doc: "An event that shows (or cancels) the survey.",
    members: {
      name: 'The event\'s name, e.g. "$pageview" or "checkout completed".',
      propertyFilters: "Conditions on the event's properties, keyed by property name; all must match.",
    },
  },
  SurveyFields: {
    doc: "Every survey field a program declares, one doc comment each.",
    members: {
      name: "Unique (per project, case-sensitive) survey name, at most 400 characters; trimmed as PostHog stores it.",
      description: "Text shown under the survey's title (default empty); trimmed as PostHog stores it.",
      type: "popover, api, widget or external_survey (the older button, email and full_screen pass with a warning).",
      linkedFlagId: "A feature flag (by id) that must be enabled for the survey to show.",
      targetingFlagId: "An existing feature flag (by id) to target the survey with.",
      linkedFlagKey:
        "The linked flag by key instead of id (ids differ between projects and hosts); never with linkedFlagId.",
      targetingFlagKey: "The targeting flag by key instead of id; never with targetingFlagId.",
      targetingFlagFilters:
        "Release conditions: PostHog creates (and later updates) a targeting flag from them. Write-only.",
      removeTargetingFlag: "true deletes the survey's targeting flag. Write-only.",
      questions:
        "The questions, in order; each keeps its server-assigned `id` (give one to keep responses linked when reordering).",
      conditions:
        "Display conditions: url, urlMatchType, selector, events, actions, deviceTypes, seenSurveyWaitPeriodInDays, …",
      appearance:
        "Appearance settings: colours, texts, surveyPopupDelaySeconds, widgetType, shuffleQuestions, …",
      startDate:
        "Launches the survey at this time (ISO 8601; a future date schedules the launch); null: not launched.",
      endDate: "Stops the survey at this time (ISO 8601); null: not stopped.",
      status:
        "draft, running (launches; from stopped, resumes) or stopped. A launched survey cannot go back to draft.",
      archived: "Archive (true) or unarchive the survey, ordered around launch and stop (default false).",
      schedule: "How often a person sees the survey: once (default), recurring or always.",
      responsesLimit: "Stop collecting after this many responses; null: no limit.",
      iterationCount: "How many times a recurring survey repeats (0 to 500); null: not recurring.",
      iterationFrequencyDays: "Days between a recurring survey's iterations (1 to 365).",
      enablePartialResponses:
        "Record answers as they are given, before the survey is completed (default false).",
      baseLanguage:
        'The language the survey\'s own texts are in, a code such as "en" or "pt-BR" (default "en").',
      enableIframeEmbedding:
        "Allow the hosted survey page to be shown in an iframe on other sites (default false).",
      linkedInsightId: "An insight (by id) shown with the survey's results; null: none.",
      responseSamplingStartDate:
        "When response sampling starts (ISO 8601, today or later in UTC); needed by a responseSamplingLimit.",
      responseSamplingIntervalType: "The unit of the sampling interval: day, week (default) or month.",
      responseSamplingInterval:
        "How many interval units one sampling period lasts (1 or more); null: no sampling.",
      responseSamplingLimit:
        "The most responses collected per sampling period (needs responseSamplingStartDate and responseSamplingInterval); null: no limit.",
      translations:
        'The survey\'s own texts in other languages, by language code such as "fr" or "pt-BR" (not the base language).',
      formContent:
        "The content of a form-style survey, as PostHog's survey builder writes it (any JSON object).",
    },
  },
  SurveyFlag: {
    doc: "A feature flag as nested in a survey: which flag it is and whether it is on, and for the targeting flag the conditions in force. The internal flag's conditions are PostHog's fixed rule for the survey, and a linked flag is read whole with `getFeatureFlag`.",
    members: {
      id: "The flag's id.",
      key: "The flag's key.",
      active: "Whether the flag is on.",
      filters:
        "The targeting flag's release conditions as PostHog holds them (`targetingFlagFilters` is what was last applied); absent on the other flags.",
    },
  },
  SurveyFormContent: { doc: "A form-style survey's content, kept as PostHog holds it.", members: {} },
  SurveyInputs: {
    doc: "A Survey's inputs once check has validated them.",
    members: {},
    inherits: ["SurveyFields", "SurveyOptions"],
  },
  SurveyOptions: {
    doc: "The provider's own inputs, never sent to PostHog as survey fields.",
    members: {
      projectId:
        "Project (numeric id) the survey lives in. Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project. Changing it replaces the survey; a changed posthog:projectId leaves an existing survey where it is.",
      adopt:
        "Take over an existing survey (by id or exact name) instead of creating one; used only at create.",
      deletionProtection:
        "A survey that holds responses is never deleted or replaced while this is true (the default); false lets a delete or replacement take it with its responses. Never sent to PostHog.",
    },
  },
  SurveyPropertyFilter: {
    doc: "One condition on a property of the triggering event.",
    members: {
      values: "The values to compare the property with.",
      operator: "How the property is compared with `values`.",
    },
  },
  SurveyQuestion: { doc: "One of a survey's questions, told apart by its `type`.", members: {} },
  SurveyTranslation: {
    doc: "The survey's own texts in one language; each is optional (PostHog shows the base text for a missing one).",
    members: {
      name: "The survey's name in this language.",
      description: "The survey's description in this language.",
      thankYouMessageHeader: "The thank-you header (appearance.thankYouMessageHeader) in this language.",
      thankYouMessageDescription:
        "The thank-you description (appearance.thankYouMessageDescription) in this language.",
      thankYouMessageCloseButtonText:
        "The thank-you close button's text (appearance.thankYouMessageCloseButtonText) in this language.",
    },
  },
  SurveyTranslations: { doc: "Translations of the survey's own texts, by language code.", members: {} },
  TargetingFlagFilters: {
    doc: "Release conditions of the survey's targeting flag: `{groups: [{properties, rollout_percentage, variant}]}`.",
    members: {
      groups: "The condition groups (at least one); a person who matches any of them sees the survey.",
    },
  },
  TargetingFlagGroup: {
    doc: "One release-condition group of the survey's targeting flag, as PostHog's flag editor writes it.",
    members: {
      properties:
        "Filters on person properties or cohorts, as PostHog's flag editor writes them; a person must match all.",
      rollout_percentage:
        "The percentage (0 to 100) of the matching people the group lets in; null lets in all of them.",
      variant: "The variant the group's people get on a multivariate flag; null keeps the flag's own split.",
    },
  },
  UserSummary: {
    doc: "The PostHog user who created an object.",
    members: {
      id: "The user's numeric id.",
      uuid: "The user's uuid.",
      distinctId: "The user's distinct id in PostHog's own analytics.",
      firstName: "The user's first name.",
      email: "The user's email address.",
      isEmailVerified: "Whether the user verified their email address; null when PostHog does not say.",
    },
  },
  whereScopeIsSet: {
    doc: "Where the project or organization of a request is named: the resource's own input or the setting; on a command line (export), the flag or the variable alone.",
    members: {},
  },
  whereToSet: {
    doc: "Where a user sets a setting, for a message that tells them to change it: the face's config key and the environment variable (`posthog:host (or the POSTHOG_HOST environment variable)`); on a command line, the flag and the variable (`--host (or the POSTHOG_HOST environment variable)`), or the variable alone.",
    members: {},
  },
};
