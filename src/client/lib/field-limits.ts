import type { z } from 'zod';

/** What a shared zod field schema allows: the client takes its limits from here, never from a literal. */
export interface FieldLimits {
  required: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
}

interface Introspectable {
  _zod: {
    def: { type: string; innerType?: Introspectable; in?: Introspectable; out?: Introspectable };
  };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

const num = (v: number | null | undefined) =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/** Read the limits of one field of a shared schema, e.g. `limitsOf(createApiTokenSchema.shape.name)`. */
export function limitsOf(schema: z.ZodType): FieldLimits {
  let s = schema as unknown as Introspectable;
  let optional = false;
  for (let guard = 0; guard < 20; guard++) {
    const { type, innerType, in: input, out } = s._zod.def;
    if (
      (type === 'optional' ||
        type === 'nullable' ||
        type === 'default' ||
        type === 'prefault' ||
        type === 'catch') &&
      innerType
    ) {
      optional = true;
      s = innerType;
    } else if (type === 'pipe' && input)
      s = input._zod.def.type === 'transform' && out ? out : input; // z.preprocess: the schema after the step
    else if (type === 'readonly' && innerType) s = innerType;
    else break;
  }
  const type = s._zod.def.type;
  if (type === 'string') {
    const minLength = num(s.minLength);
    return { required: !optional && (minLength ?? 0) > 0, minLength, maxLength: num(s.maxLength) };
  }
  if (type === 'number') return { required: !optional, min: num(s.minValue), max: num(s.maxValue) };
  return { required: !optional };
}

/**
 * The app's one behaviour for text over a limit: nothing is cut (no maxLength attribute, so a paste
 * arrives whole) and the field says by how much it is over.
 */
export function overLimitMessage(
  value: unknown,
  maxLength: number | undefined,
): string | undefined {
  if (maxLength === undefined || typeof value !== 'string') return undefined;
  const over = value.length - maxLength; // zod counts UTF-16 units too
  if (over <= 0) return undefined;
  return `${over} ${over === 1 ? 'character' : 'characters'} over the limit of ${maxLength}.`;
}

/** The same check for one field of a shared schema. */
export function limitError(value: unknown, schema: z.ZodType | undefined): string | undefined {
  return schema ? overLimitMessage(value, limitsOf(schema).maxLength) : undefined;
}
