using System.Collections.Generic;
using Pulumi;
using PosthogIac = PulumiPosthog.PosthogIac;

return await Deployment.RunAsync(() =>
{
    var feedback = new PosthogIac.Survey("feedback", new()
    {
        Name = "Product feedback",
        Type = PosthogIac.SurveyType.Api,
        Description = "What our users think",
        Questions = new[]
        {
            new PosthogIac.Inputs.SurveyQuestionOpenArgs
            {
                Type = "open",
                Question = "What should we build next?",
            },
        },
    });

    return new Dictionary<string, object?>
    {
        ["surveyId"] = feedback.SurveyId,
    };
});
