import pulumi
import pulumi_posthog_iac as posthog_iac

nps = posthog_iac.Survey("nps",
    name="Quarterly NPS",
    type=posthog_iac.SurveyType.POPOVER,
    questions=[
        {"type": "rating", "question": "How likely are you to recommend us?", "scale": 10, "display": "number"},
        {"type": "open", "question": "What should we improve?", "optional": True},
    ])

posthog_iac.Invite("ada",
    target_email="ada@example.com",
    level=posthog_iac.Level.ADMIN)

pulumi.export("surveyId", nps.survey_id)
