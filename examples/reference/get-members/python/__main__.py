import pulumi
import pulumi_posthog_iac as posthog_iac

found = posthog_iac.get_members_output()

pulumi.export("members", found.members)
