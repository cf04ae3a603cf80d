package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		found, err := posthogiac.GetSurveys(ctx, &posthogiac.GetSurveysArgs{
			Search: pulumi.StringRef("feedback"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("surveys", pulumi.Any(found.Surveys))
		return nil
	})
}
