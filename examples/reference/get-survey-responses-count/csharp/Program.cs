using System.Collections.Generic;
using Pulumi;
using PosthogIac = PulumiPosthog.PosthogIac;

return await Deployment.RunAsync(() =>
{
    var found = PosthogIac.GetSurveyResponsesCount.Invoke(new());

    return new Dictionary<string, object?>
    {
        ["counts"] = found.Apply(result => result.Counts),
    };
});
