// Data functions under `pulumi.runtime.setMocks` (a program's unit tests) with no API key configured: instead
// of failing with "No PostHog API key is configured", each function becomes an invoke of its token, which is
// what the mocks' `call()` answers. With a key (the tests point the program at an emulator, see
// docs/guides/testing-your-program.md) the functions ask that host as usual. Outside mocks nothing changes: the
// functions ask PostHog directly. The tokens are the provider plugin's own (provider-kit/tokens.ts), so a mock written
// for them also answers the plugin's invokes from another language's program.
import * as pulumi from "@pulumi/pulumi";
import { functionSettings } from "./function-context";
import { isRecord } from "./json";
import { FUNCTION_TOKENS } from "./tokens";

/** Each data function's invoke token under mocks, and the keys its answer must have. */
export const MOCKED_FUNCTIONS = {
  getSurveys: { token: FUNCTION_TOKENS.getSurveys, answer: ["surveys"] },
  getSurvey: { token: FUNCTION_TOKENS.getSurvey, answer: ["id"] },
  getInvites: { token: FUNCTION_TOKENS.getInvites, answer: ["invites"] },
  getMembers: { token: FUNCTION_TOKENS.getMembers, answer: ["members"] },
  getSurveyResponsesCount: { token: FUNCTION_TOKENS.getSurveyResponsesCount, answer: ["counts"] },
  getFeatureFlag: { token: FUNCTION_TOKENS.getFeatureFlag, answer: ["id", "key"] },
} as const;

type MockedFunction = keyof typeof MOCKED_FUNCTIONS;

/** True when the program runs under pulumi.runtime.setMocks. */
function underMocks(): boolean {
  const monitor = pulumi.runtime.getMonitor();
  if (monitor === undefined) return false;
  try {
    // The SDK the program uses (this package's peer), so the class is the one setMocks installed.
    const mocks: unknown = require("@pulumi/pulumi/runtime/mocks");
    return isRecord(mocks) && typeof mocks.MockMonitor === "function" && monitor instanceof mocks.MockMonitor;
  } catch {
    return false;
  }
}

/**
 * Under mocks without a key, the answer of the mocks' `call()` for `name`'s token; undefined otherwise, and the
 * function then asks PostHog. An answer without the keys the function returns fails with what to add.
 */
export function mockedAnswer<T>(name: MockedFunction, args: object): Promise<T> | undefined {
  if (!underMocks() || functionSettings().apiKey !== undefined) return undefined;
  const { token, answer } = MOCKED_FUNCTIONS[name];
  return pulumi.runtime.invoke(token, { ...args }, { async: true }).then((result: unknown) => {
    const missing = answer.filter((key) => !isRecord(result) || !(key in result));
    if (missing.length > 0) {
      throw new Error(
        `${name} runs under pulumi.runtime.setMocks, so PostHog is not asked: answer it in your mocks' call() ` +
          `for token "${token}" with an object that has ${missing.map((k) => `"${k}"`).join(" and ")} ` +
          `(got ${JSON.stringify(result)}).`,
      );
    }
    return result as T;
  });
}
