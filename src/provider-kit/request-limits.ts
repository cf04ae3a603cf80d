// The largest request body PostHog takes, as the provider's check refuses it: a survey that could not be sent
// fails at preview, naming its largest input, instead of at `up`.
//
// PostHog sets DATA_UPLOAD_MAX_MEMORY_SIZE = 20971520 (posthog/settings/web.py, "Max size of a POST body"),
// over Django's default of 2,621,440. Django checks that setting only where it reads a whole body into memory:
// HttpRequest.body (django/http/request.py), and the form and multipart parsing built on it. DRF's JSONParser
// does not go through HttpRequest.body: Request._load_stream (rest_framework/request.py) hands the parser the
// HttpRequest itself as a stream when nothing has read the body yet, and HttpRequest.read() checks no size. So
// Django itself refuses a JSON body to the surveys API at no size; what stops one sooner is whatever sits in
// front of PostHog, which its source does not say. The emulator (packages/posthog-emulator, core/server.ts)
// refuses bodies over the setting, and this is the same number, so no survey passes preview that the emulator
// refuses; a unit test (test/unit/body-limit.test.ts) holds the two equal, as the emulator may not import it.
// docs/contributing/hostile-servers.md tells the story. Pure: imported by check, which loads no HTTP client.

/** PostHog's DATA_UPLOAD_MAX_MEMORY_SIZE (posthog/settings/web.py): 20 MiB. */
export const MAX_BODY_BYTES = 20_971_520;
