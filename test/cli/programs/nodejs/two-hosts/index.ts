// Two PostHogs in one program, each through its own explicit provider with its own key, and the data functions
// asked through each provider: a survey on each host, an invite on the second, the second host's surveys listed
// and the first host's survey read back by id.
import * as pulumi from "@pulumi/pulumi";
import * as posthogIac from "@pulumi-posthog/posthog-iac";

const config = new pulumi.Config();
const hostA = new posthogIac.Provider("host-a", {
  host: config.require("hostA"),
  apiKey: config.requireSecret("keyA"),
  projectId: config.require("projectA"),
});
const hostB = new posthogIac.Provider("host-b", {
  host: config.require("hostB"),
  apiKey: config.requireSecret("keyB"),
  projectId: config.require("projectB"),
  organizationId: config.require("organizationB"),
});

const onA = new posthogIac.Survey("on-a", { name: "Survey on A", type: "api" }, { provider: hostA });
const onB = new posthogIac.Survey("on-b", { name: "Survey on B", type: "api" }, { provider: hostB });
new posthogIac.Invite("invite-on-b", { targetEmail: "b@example.com", level: "member" }, { provider: hostB });

export const surveysOnB = posthogIac.getSurveysOutput({ search: onB.name }, { provider: hostB }).surveys;
export const nameOnA = posthogIac.getSurveyOutput({ id: onA.surveyId }, { provider: hostA }).name;
