package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiposthog.posthogiac.PosthogiacFunctions;
import io.github.pulumiposthog.posthogiac.inputs.GetFeatureFlagArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var found = PosthogiacFunctions.getFeatureFlag(GetFeatureFlagArgs.builder()
                .key("beta")
                .build());

            ctx.export("id", found.applyValue(result -> result.id()));
        });
    }
}
