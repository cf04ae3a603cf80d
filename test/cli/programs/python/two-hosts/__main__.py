# Two PostHogs in one program, each through its own explicit provider with its own key, and the data functions
# asked through each provider: a survey on each host, an invite on the second, the second host's surveys listed
# and the first host's survey read back by id.
import pulumi
import pulumi_posthog_iac as posthog_iac

config = pulumi.Config()
host_a = posthog_iac.Provider("host-a",
    host=config.require("hostA"),
    api_key=config.require_secret("keyA"),
    project_id=config.require("projectA"))
host_b = posthog_iac.Provider("host-b",
    host=config.require("hostB"),
    api_key=config.require_secret("keyB"),
    project_id=config.require("projectB"),
    organization_id=config.require("organizationB"))

on_a = posthog_iac.Survey("on-a", name="Survey on A", type=posthog_iac.SurveyType.API,
    opts=pulumi.ResourceOptions(provider=host_a))
on_b = posthog_iac.Survey("on-b", name="Survey on B", type=posthog_iac.SurveyType.API,
    opts=pulumi.ResourceOptions(provider=host_b))
posthog_iac.Invite("invite-on-b", target_email="b@example.com", level=posthog_iac.Level.MEMBER,
    opts=pulumi.ResourceOptions(provider=host_b))

pulumi.export("surveysOnB", posthog_iac.get_surveys_output(search=on_b.name,
    opts=pulumi.InvokeOutputOptions(provider=host_b)).surveys)
pulumi.export("nameOnA", posthog_iac.get_survey_output(id=on_a.survey_id,
    opts=pulumi.InvokeOutputOptions(provider=host_a)).name)
