import pulumi
import pulumi_posthog_iac as posthog_iac

found = posthog_iac.get_invites_output()

pulumi.export("invites", found.invites)
