package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		team, err := posthogiac.NewInviteBatch(ctx, "team", &posthogiac.InviteBatchArgs{
			Invites: posthogiac.InviteBatchInviteArray{
				posthogiac.InviteBatchInviteArgs{
					TargetEmail: pulumi.String("ada@example.com"),
				},
				posthogiac.InviteBatchInviteArgs{
					TargetEmail: pulumi.String("grace@example.com"),
					Level: posthogiac.LevelAdmin,
				},
			},
			Message: pulumi.String("Welcome to the team!"),
		})
		if err != nil {
			return err
		}
		ctx.Export("invitations", team.Invitations)
		return nil
	})
}
