// The exact text of each warning the guides promise at preview (docs/guides), for the tests that check it is
// printed: through the engine harness (test/preview/documented-warnings.test.ts) and through the real CLI on both
// faces (test/cli/documented-warnings.test.ts). Written here once, so the two cannot drift apart.

export const DOCUMENTED_WARNINGS = {
  levelChanged: (email: string) =>
    `Invite "${email}": level changed. At \`pulumi up\`, if ${email} has not accepted ` +
    "yet, a new invitation with these terms replaces the pending one (PostHog cannot edit an invite); if they " +
    "have accepted since, only the level is applied, to their membership, and nothing is sent.",
  batchLevelChanged: (email: string) =>
    `InviteBatch: ${email}'s level changed. At \`pulumi up\`, if ${email} has not accepted ` +
    "yet, a new invitation with these terms replaces the pending one (PostHog cannot edit an invite); if they " +
    "have accepted since, only the level is applied, to their membership, and nothing is sent.",
  removalArmed: (email: string, org: string) =>
    `Invite "${email}": removeMemberOnDelete is on: deleting this resource will REMOVE ` +
    `${email} from organization ${org}.`,
  replacementRemoves: (email: string, org: string) =>
    `Invite "${email}": ${email} will be REMOVED from organization ${org} ` +
    "(removeMemberOnDelete is on), not just uninvited.",
  batchDropsMember: (email: string, org: string) =>
    `InviteBatch: ${email} will be REMOVED from organization ${org} ` +
    "(removeMemberOnDelete is on), not just uninvited.",
  sanitisedHtml: () =>
    'Survey "Onboarding": PostHog sanitises the HTML in questions[0].question and stores it as ' +
    '"How do you use <b>Dashboards</b> &amp; <i>Insights</i>?".',
  retiredType: () =>
    'Survey "Old button": type "button" is no longer offered by PostHog; the current types are ' +
    'popover, api, widget, external_survey. For a feedback button use type "widget" with appearance.widgetType "button".',
};

/** The question whose HTML PostHog sanitises (sanitisedHtml). */
export const HTML_QUESTION = "How do you use <b>Dashboards</b> & <i>Insights</i>?";
