using System.Collections.Generic;
using Pulumi;
using PosthogIac = PulumiPosthog.PosthogIac;

return await Deployment.RunAsync(() =>
{
    var found = PosthogIac.GetSurveys.Invoke(new()
    {
        Search = "feedback",
    });

    return new Dictionary<string, object?>
    {
        ["surveys"] = found.Apply(result => result.Surveys),
    };
});
