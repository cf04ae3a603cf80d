package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiposthog.posthogiac.Invite;
import io.github.pulumiposthog.posthogiac.InviteArgs;
import io.github.pulumiposthog.posthogiac.Survey;
import io.github.pulumiposthog.posthogiac.SurveyArgs;
import io.github.pulumiposthog.posthogiac.enums.Level;
import io.github.pulumiposthog.posthogiac.enums.SurveyType;
import java.util.Map;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var nps = new Survey("nps", SurveyArgs.builder()
                .name("Quarterly NPS")
                .type(SurveyType.Popover)
                .questions(
                    Map.of("type", "rating", "question", "How likely are you to recommend us?",
                        "scale", 10, "display", "number"),
                    Map.of("type", "open", "question", "What should we improve?", "optional", true))
                .build());

            new Invite("ada", InviteArgs.builder()
                .targetEmail("ada@example.com")
                .level(Level.Admin)
                .build());

            ctx.export("surveyId", nps.surveyId());
        });
    }
}
