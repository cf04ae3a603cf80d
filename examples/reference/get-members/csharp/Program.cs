using System.Collections.Generic;
using Pulumi;
using PosthogIac = PulumiPosthog.PosthogIac;

return await Deployment.RunAsync(() =>
{
    var found = PosthogIac.GetMembers.Invoke(new());

    return new Dictionary<string, object?>
    {
        ["members"] = found.Apply(result => result.Members),
    };
});
