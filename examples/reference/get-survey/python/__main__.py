import pulumi
import pulumi_posthog_iac as posthog_iac

found = posthog_iac.get_survey_output(
    id="0196f1a0-5c3e-7000-8000-00000000f00d",
)

pulumi.export("surveyId", found.survey_id)
