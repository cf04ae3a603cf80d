using System.Collections.Generic;
using Pulumi;
using PosthogIac = PulumiPosthog.PosthogIac;

return await Deployment.RunAsync(() =>
{
    var found = PosthogIac.GetSurvey.Invoke(new()
    {
        Id = "0196f1a0-5c3e-7000-8000-00000000f00d",
    });

    return new Dictionary<string, object?>
    {
        ["surveyId"] = found.Apply(result => result.SurveyId),
    };
});
