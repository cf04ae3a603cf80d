import pulumi
import pulumi_posthog_iac as posthog_iac

found = posthog_iac.get_survey_responses_count_output()

pulumi.export("counts", found.counts)
