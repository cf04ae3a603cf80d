using System.Collections.Generic;
using Pulumi;
using PosthogIac = PulumiPosthog.PosthogIac;

return await Deployment.RunAsync(() =>
{
    var team = new PosthogIac.InviteBatch("team", new()
    {
        Invites = new[]
        {
            new PosthogIac.Inputs.InviteBatchInviteArgs
            {
                TargetEmail = "ada@example.com",
            },
            new PosthogIac.Inputs.InviteBatchInviteArgs
            {
                TargetEmail = "grace@example.com",
                Level = PosthogIac.Level.Admin,
            },
        },
        Message = "Welcome to the team!",
    });

    return new Dictionary<string, object?>
    {
        ["invitations"] = team.Invitations,
    };
});
