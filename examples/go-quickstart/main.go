package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		nps, err := posthogiac.NewSurvey(ctx, "nps", &posthogiac.SurveyArgs{
			Name: pulumi.String("Quarterly NPS"),
			Type: posthogiac.SurveyTypePopover,
			Questions: posthogiac.SurveyQuestionArray{
				posthogiac.SurveyQuestionArgs{
					Type:     posthogiac.SurveyQuestionTypeRating,
					Question: pulumi.String("How likely are you to recommend us?"),
					Scale:    pulumi.Int(10),
					Display:  posthogiac.SurveyQuestionRatingDisplayNumber,
				},
				posthogiac.SurveyQuestionArgs{
					Type:     posthogiac.SurveyQuestionTypeOpen,
					Question: pulumi.String("What should we improve?"),
					Optional: pulumi.Bool(true),
				},
			},
		})
		if err != nil {
			return err
		}
		_, err = posthogiac.NewInvite(ctx, "ada", &posthogiac.InviteArgs{
			TargetEmail: pulumi.String("ada@example.com"),
			Level:       posthogiac.LevelAdmin,
		})
		if err != nil {
			return err
		}
		ctx.Export("surveyId", nps.SurveyId)
		return nil
	})
}
