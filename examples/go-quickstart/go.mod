module posthog-feedback

go 1.24

require (
	github.com/pulumi-posthog/pulumi-posthog/sdk v0.1.0
	github.com/pulumi/pulumi/sdk/v3 v3.274.1
)
