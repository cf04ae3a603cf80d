package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		found, err := posthogiac.LookupSurvey(ctx, &posthogiac.LookupSurveyArgs{
			Id: "0196f1a0-5c3e-7000-8000-00000000f00d",
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("surveyId", pulumi.Any(found.SurveyId))
		return nil
	})
}
