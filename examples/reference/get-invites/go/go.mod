module reference-get-invites

go 1.22

require (
	github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac v0.1.0
	github.com/pulumi/pulumi/sdk/v3 v3.248.0
)
