package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		found, err := posthogiac.GetInvites(ctx, &posthogiac.GetInvitesArgs{}, nil)
		if err != nil {
			return err
		}
		ctx.Export("invites", pulumi.Any(found.Invites))
		return nil
	})
}
