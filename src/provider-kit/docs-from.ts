// The link from a nested object's zod rule to the public type whose doc comments describe its keys, as zod
// metadata: `rule.meta(docsFrom("SurveyAppearance"))`. The catalogue (src/resources/catalogue-kit.ts, jsonSchema)
// puts each key's doc comment on the key's JSON Schema, so the texts are written once, on the public type.
// Members of an inline object are `Owner.member` ("SurveyConditions.events"), variants of a union of objects
// `Alias.<discriminant>` ("QuestionBranching.end"); test/support/doc-comments.ts records them so.

/** The metadata that names `symbol` as the describer of a rule's keys. */
export const docsFrom = (symbol: string) => ({ docsFrom: symbol });
