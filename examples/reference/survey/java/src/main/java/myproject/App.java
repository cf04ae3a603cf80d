package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiposthog.posthogiac.Survey;
import io.github.pulumiposthog.posthogiac.SurveyArgs;
import io.github.pulumiposthog.posthogiac.enums.SurveyQuestionType;
import io.github.pulumiposthog.posthogiac.enums.SurveyType;
import io.github.pulumiposthog.posthogiac.inputs.SurveyQuestionArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var feedback = new Survey("feedback", SurveyArgs.builder()
                .name("Product feedback")
                .type(SurveyType.Api)
                .description("What our users think")
                .questions(
                    SurveyQuestionArgs.builder()
                        .type(SurveyQuestionType.Open)
                        .question("What should we build next?")
                        .build())
                .build());

            ctx.export("surveyId", feedback.surveyId());
        });
    }
}
