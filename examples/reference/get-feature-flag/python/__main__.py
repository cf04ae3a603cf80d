import pulumi
import pulumi_posthog_iac as posthog_iac

found = posthog_iac.get_feature_flag_output(
    key="beta",
)

pulumi.export("id", found.id)
