package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiposthog.posthogiac.PosthogiacFunctions;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var found = PosthogiacFunctions.getSurveyResponsesCount();

            ctx.export("counts", found.applyValue(result -> result.counts()));
        });
    }
}
