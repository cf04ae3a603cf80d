import pulumi
import pulumi_posthog_iac as posthog_iac

ada = posthog_iac.Invite(
    "ada",
    target_email="ada@example.com",
    first_name="Ada",
    level="admin",
)

pulumi.export("status", ada.status)
