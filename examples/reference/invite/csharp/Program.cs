using System.Collections.Generic;
using Pulumi;
using PosthogIac = PulumiPosthog.PosthogIac;

return await Deployment.RunAsync(() =>
{
    var ada = new PosthogIac.Invite("ada", new()
    {
        TargetEmail = "ada@example.com",
        FirstName = "Ada",
        Level = PosthogIac.Level.Admin,
    });

    return new Dictionary<string, object?>
    {
        ["status"] = ada.Status,
    };
});
