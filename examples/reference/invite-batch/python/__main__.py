import pulumi
import pulumi_posthog_iac as posthog_iac

team = posthog_iac.InviteBatch(
    "team",
    invites=[{"target_email": "ada@example.com"}, {"target_email": "grace@example.com", "level": "admin"}],
    message="Welcome to the team!",
)

pulumi.export("invitations", team.invitations)
