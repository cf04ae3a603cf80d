package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		found, err := posthogiac.GetSurveyResponsesCount(ctx, &posthogiac.GetSurveyResponsesCountArgs{}, nil)
		if err != nil {
			return err
		}
		ctx.Export("counts", pulumi.Any(found.Counts))
		return nil
	})
}
