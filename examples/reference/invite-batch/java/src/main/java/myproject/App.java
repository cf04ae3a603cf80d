package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiposthog.posthogiac.InviteBatch;
import io.github.pulumiposthog.posthogiac.InviteBatchArgs;
import io.github.pulumiposthog.posthogiac.enums.Level;
import io.github.pulumiposthog.posthogiac.inputs.InviteBatchInviteArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var team = new InviteBatch("team", InviteBatchArgs.builder()
                .invites(
                    InviteBatchInviteArgs.builder()
                        .targetEmail("ada@example.com")
                        .build(),
                    InviteBatchInviteArgs.builder()
                        .targetEmail("grace@example.com")
                        .level(Level.Admin)
                        .build())
                .message("Welcome to the team!")
                .build());

            ctx.export("invitations", team.invitations());
        });
    }
}
