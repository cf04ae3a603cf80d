package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		feedback, err := posthogiac.NewSurvey(ctx, "feedback", &posthogiac.SurveyArgs{
			Name: pulumi.String("Product feedback"),
			Type: posthogiac.SurveyTypeApi,
			Description: pulumi.String("What our users think"),
			Questions: posthogiac.SurveyQuestionArray{
				posthogiac.SurveyQuestionArgs{
					Type: posthogiac.SurveyQuestionTypeOpen,
					Question: pulumi.String("What should we build next?"),
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("surveyId", feedback.SurveyId)
		return nil
	})
}
