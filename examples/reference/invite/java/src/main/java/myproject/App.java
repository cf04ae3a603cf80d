package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiposthog.posthogiac.Invite;
import io.github.pulumiposthog.posthogiac.InviteArgs;
import io.github.pulumiposthog.posthogiac.enums.Level;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var ada = new Invite("ada", InviteArgs.builder()
                .targetEmail("ada@example.com")
                .firstName("Ada")
                .level(Level.Admin)
                .build());

            ctx.export("status", ada.status());
        });
    }
}
