import pulumi
import pulumi_posthog_iac as posthog_iac

feedback = posthog_iac.Survey(
    "feedback",
    name="Product feedback",
    type="api",
    description="What our users think",
    questions=[{"type": "open", "question": "What should we build next?"}],
)

pulumi.export("surveyId", feedback.survey_id)
