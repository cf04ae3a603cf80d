package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		found, err := posthogiac.GetMembers(ctx, &posthogiac.GetMembersArgs{}, nil)
		if err != nil {
			return err
		}
		ctx.Export("members", pulumi.Any(found.Members))
		return nil
	})
}
