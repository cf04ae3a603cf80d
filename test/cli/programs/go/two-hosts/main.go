// Two PostHogs in one program, each through its own explicit provider with its own key, and the data functions
// asked through each provider: a survey on each host, an invite on the second, the second host's surveys listed
// and the first host's survey read back by id.
package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		hostA, err := posthogiac.NewProvider(ctx, "host-a", &posthogiac.ProviderArgs{
			Host:      pulumi.String(cfg.Require("hostA")),
			ApiKey:    cfg.RequireSecret("keyA"),
			ProjectId: pulumi.String(cfg.Require("projectA")),
		})
		if err != nil {
			return err
		}
		hostB, err := posthogiac.NewProvider(ctx, "host-b", &posthogiac.ProviderArgs{
			Host:           pulumi.String(cfg.Require("hostB")),
			ApiKey:         cfg.RequireSecret("keyB"),
			ProjectId:      pulumi.String(cfg.Require("projectB")),
			OrganizationId: pulumi.String(cfg.Require("organizationB")),
		})
		if err != nil {
			return err
		}
		onA, err := posthogiac.NewSurvey(ctx, "on-a", &posthogiac.SurveyArgs{
			Name: pulumi.String("Survey on A"),
			Type: posthogiac.SurveyTypeApi,
		}, pulumi.Provider(hostA))
		if err != nil {
			return err
		}
		onB, err := posthogiac.NewSurvey(ctx, "on-b", &posthogiac.SurveyArgs{
			Name: pulumi.String("Survey on B"),
			Type: posthogiac.SurveyTypeApi,
		}, pulumi.Provider(hostB))
		if err != nil {
			return err
		}
		_, err = posthogiac.NewInvite(ctx, "invite-on-b", &posthogiac.InviteArgs{
			TargetEmail: pulumi.String("b@example.com"),
			Level:       posthogiac.LevelMember,
		}, pulumi.Provider(hostB))
		if err != nil {
			return err
		}
		ctx.Export("surveysOnB", posthogiac.GetSurveysOutput(ctx, posthogiac.GetSurveysOutputArgs{Search: onB.Name}, pulumi.Provider(hostB)).Surveys())
		ctx.Export("nameOnA", posthogiac.LookupSurveyOutput(ctx, posthogiac.LookupSurveyOutputArgs{Id: onA.SurveyId}, pulumi.Provider(hostA)).Name())
		return nil
	})
}
