using System.Collections.Generic;
using Pulumi;
using PosthogIac = PulumiPosthog.PosthogIac;

return await Deployment.RunAsync(() =>
{
    var found = PosthogIac.GetSurvey.Invoke(new()
    {
        Name = "Product feedback",
    });

    return new Dictionary<string, object?>
    {
        ["id"] = found.Apply(result => result.Id),
    };
});
