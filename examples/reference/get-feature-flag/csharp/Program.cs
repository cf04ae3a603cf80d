using System.Collections.Generic;
using Pulumi;
using PosthogIac = PulumiPosthog.PosthogIac;

return await Deployment.RunAsync(() =>
{
    var found = PosthogIac.GetFeatureFlag.Invoke(new()
    {
        Key = "beta",
    });

    return new Dictionary<string, object?>
    {
        ["id"] = found.Apply(result => result.Id),
    };
});
