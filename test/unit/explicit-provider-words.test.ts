// Issue 55, case 10: a notice of the plugin face names where the provider that runs it takes the setting from. A
// default provider reads the stack's config (`posthog-iac:projectId`); an explicit provider resource reads only its own
// inputs, so its notice names that input and the provider, never stack config (src/config.ts, providerSetting).
import { resolveSettings } from "../../src/config";
import { scopeDecision } from "../../src/provider-kit/placement";
import { noteProviderUrn, useProviderSettings } from "../../src/provider-kit/settings-source";
import { PACKAGE_NAME } from "../../src/plugin/tokens";

const settings = resolveSettings({ projectId: "2" }, {});
const notice = () => scopeDecision("project", 'Survey "NPS"', "survey", undefined, "1", settings).notice;
const providerUrn = (name: string) => `urn:pulumi:dev::shop::pulumi:providers:${PACKAGE_NAME}::${name}`;

beforeAll(() => useProviderSettings(PACKAGE_NAME));

it("names the explicit provider's own input", () => {
  noteProviderUrn(providerUrn("prod"));
  expect(notice()).toBe(
    'Survey "NPS" stays in project 1, where it lives: the provider\'s projectId (the projectId input of provider ' +
      '"prod") is now 2, which places the surveys created from now on. Nothing is created, replaced or deleted for ' +
      'this change. To move this survey, set its own projectId to "2" (a replacement).',
  );
});

it("names the stack config for a default provider, whatever its version suffix", () => {
  for (const name of ["default", "default_0_1_0"]) {
    noteProviderUrn(providerUrn(name));
    expect(notice()).toContain(`the provider's projectId (${PACKAGE_NAME}:projectId) is now 2`);
  }
});
