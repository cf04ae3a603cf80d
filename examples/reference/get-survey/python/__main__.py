import pulumi
import pulumi_posthog_iac as posthog_iac

found = posthog_iac.get_survey_output(
    name="Product feedback",
)

pulumi.export("id", found.id)
