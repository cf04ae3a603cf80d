package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiposthog.posthogiac.Invite;
import io.github.pulumiposthog.posthogiac.InviteArgs;
import io.github.pulumiposthog.posthogiac.Survey;
import io.github.pulumiposthog.posthogiac.SurveyArgs;
import io.github.pulumiposthog.posthogiac.enums.Level;
import io.github.pulumiposthog.posthogiac.enums.SurveyQuestionRatingDisplay;
import io.github.pulumiposthog.posthogiac.enums.SurveyQuestionType;
import io.github.pulumiposthog.posthogiac.enums.SurveyStatus;
import io.github.pulumiposthog.posthogiac.enums.SurveyType;
import io.github.pulumiposthog.posthogiac.inputs.SurveyQuestionArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var nps = new Survey("nps", SurveyArgs.builder()
                .name("Quarterly NPS")
                .type(SurveyType.Popover)
                .questions(
                    SurveyQuestionArgs.builder()
                        .type(SurveyQuestionType.Rating)
                        .question("How likely are you to recommend us?")
                        .scale(10)
                        .display(SurveyQuestionRatingDisplay.Number)
                        .isNpsQuestion(true)
                        .build(),
                    SurveyQuestionArgs.builder()
                        .type(SurveyQuestionType.Open)
                        .question("What should we improve?")
                        .optional(true)
                        .build())
                .status(SurveyStatus.Running)
                .build());

            new Invite("ada", InviteArgs.builder()
                .targetEmail("ada@example.com")
                .firstName("Ada")
                .level(Level.Admin)
                .build());

            ctx.export("surveyId", nps.surveyId());
        });
    }
}
