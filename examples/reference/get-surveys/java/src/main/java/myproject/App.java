package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiposthog.posthogiac.PosthogiacFunctions;
import io.github.pulumiposthog.posthogiac.inputs.GetSurveysArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var found = PosthogiacFunctions.getSurveys(GetSurveysArgs.builder()
                .search("feedback")
                .build());

            ctx.export("surveys", found.applyValue(result -> result.surveys()));
        });
    }
}
