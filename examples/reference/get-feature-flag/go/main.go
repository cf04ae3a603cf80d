package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		found, err := posthogiac.GetFeatureFlag(ctx, &posthogiac.GetFeatureFlagArgs{
			Key: "beta",
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("id", pulumi.Any(found.Id))
		return nil
	})
}
