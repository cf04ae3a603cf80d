// PostHog surveys, organization invites and their data functions, with a PostHog-compatible emulator.
package posthogiac
