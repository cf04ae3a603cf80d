package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		ada, err := posthogiac.NewInvite(ctx, "ada", &posthogiac.InviteArgs{
			TargetEmail: pulumi.String("ada@example.com"),
			FirstName: pulumi.String("Ada"),
			Level: posthogiac.LevelAdmin,
		})
		if err != nil {
			return err
		}
		ctx.Export("status", ada.Status)
		return nil
	})
}
