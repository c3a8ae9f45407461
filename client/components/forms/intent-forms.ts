import { z } from 'zod';

// A screen's forms, one per `intent`, as its action reads them: the action checks the intent with
// `intent` and a post's fields with its intent's form (or the very field schemas the form is made
// of), and the gateway's OpenAPI document describes `posted`, the union of them all
// (scripts/api/gateway-pages.ts). One declaration, so the document cannot drift from the action.
export type IntentForms<Forms extends Record<string, z.ZodType>> = {
  readonly forms: Forms;
  readonly intent: z.ZodEnum<{ [I in keyof Forms & string]: I }>;
  /** Every form with its `intent` field, as a browser posts it. */
  readonly posted: z.ZodType;
};

/** A form without fields but its intent (a button). */
export const NO_FIELDS = z.object({});

export function intentForms<const Forms extends Record<string, z.ZodType>>(
  forms: Forms,
): IntentForms<Forms> {
  const intents = Object.keys(forms) as (keyof Forms & string)[];
  const posted = intents.map((intent) => {
    const tag = z.object({ intent: z.literal(intent) });
    const form = forms[intent]!;
    // An object form gets the field beside its own (and keeps its description); a refined or
    // transformed one is intersected.
    if (!(form instanceof z.ZodObject)) return z.intersection(tag, form);
    const fields = tag.extend(form.shape);
    return form.description ? fields.describe(form.description) : fields;
  });
  return {
    forms,
    intent: z.enum(intents) as unknown as IntentForms<Forms>['intent'],
    posted: posted.length === 1 ? posted[0]! : z.union(posted),
  };
}
