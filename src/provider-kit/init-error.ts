// An error that tells the engine the object exists even though the step failed, so it is kept in state
// (ErrorResourceInitFailed) instead of being orphaned.

export interface ResourceInitError extends Error {
  id: string;
  properties: Record<string, unknown>;
  reasons: string[];
}

/**
 * `inputs` are the step's inputs: their `__provider` goes into the recorded properties, because the plugin
 * does not add it to an init failure's outputs and a later Delete needs it to find the provider.
 */
export function resourceInitError(
  message: string,
  id: string,
  properties: Record<string, unknown>,
  inputs: Record<string, unknown>,
): ResourceInitError {
  return Object.assign(new Error(message), {
    id,
    properties: { ...properties, __provider: inputs.__provider },
    reasons: [message],
  });
}
