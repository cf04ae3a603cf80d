using System.Collections.Generic;
using Pulumi;
using PosthogIac = PulumiPosthog.PosthogIac;

return await Deployment.RunAsync(() =>
{
    var found = PosthogIac.GetInvites.Invoke(new());

    return new Dictionary<string, object?>
    {
        ["invites"] = found.Apply(result => result.Invites),
    };
});
