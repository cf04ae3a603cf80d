import pulumi
import pulumi_posthog_iac as posthog_iac

found = posthog_iac.get_surveys_output(
    search="feedback",
)

pulumi.export("surveys", found.surveys)
