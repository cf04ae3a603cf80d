package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiposthog.posthogiac.PosthogiacFunctions;
import io.github.pulumiposthog.posthogiac.inputs.GetSurveyArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var found = PosthogiacFunctions.getSurvey(GetSurveyArgs.builder()
                .id("0196f1a0-5c3e-7000-8000-00000000f00d")
                .build());

            ctx.export("surveyId", found.applyValue(result -> result.surveyId()));
        });
    }
}
