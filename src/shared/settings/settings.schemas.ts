import { z } from 'zod';
import { FEATURES, LANGUAGES } from './settings.js';
import { videoEmbed } from './video.js';

/** Inputs of the settings pages (modules/settings), shared by the client forms and the routes. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const toInt = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === 'string' && /^\s*-?\d+\s*$/.test(b) ? Number(b) : b;
};
const int = (min: number, max: number, what: string) =>
  z.preprocess(
    toInt,
    z
      .number({ error: `Enter a whole number for the ${what}.` })
      .int(`Enter a whole number for the ${what}.`)
      .min(min, `The ${what} is at least ${min}.`)
      .max(max, `The ${what} is at most ${max}.`),
  );

const LANGUAGE_CODES = LANGUAGES.map((l) => l.value) as [string, ...string[]];

function isTimeZone(tz: string): boolean {
  if (tz === 'UTC') return true;
  try {
    return Intl.supportedValuesOf('timeZone').includes(tz);
  } catch {
    return false;
  }
}

const RETENTION_DAYS_MAX = 3650;

export const generalSettingsSchema = z.strictObject({
  language: z.enum(LANGUAGE_CODES, { error: 'Choose a language from the list.' }),
  timezone: z
    .string({ error: 'Choose a timezone.' })
    .trim()
    .min(1, 'Choose a timezone.')
    .max(64, 'Use at most 64 characters.')
    .refine(isTimeZone, 'Choose a timezone from the list (e.g. Africa/Nairobi).'),
  fiscalYearStartMonth: int(1, 12, 'fiscal year start month'),
  retentionDays: int(1, RETENTION_DAYS_MAX, 'retention period'),
});
export type GeneralSettingsInput = z.infer<typeof generalSettingsSchema>;

export const featureSettingsSchema = z.strictObject(
  Object.fromEntries(FEATURES.map((f) => [f, z.boolean({ error: 'Choose on or off.' })])) as Record<
    (typeof FEATURES)[number],
    z.ZodBoolean
  >,
);
export type FeatureSettingsInput = z.infer<typeof featureSettingsSchema>;

/** a limit, or empty for none: the field must be sent (a body without it changes nothing) */
const optLimit = (what: string) => z.preprocess(blankToNull, int(1, 10_000_000, what).nullable());

export const limitSettingsSchema = z.strictObject({
  aiMonthlyLimit: optLimit('monthly AI request limit'),
  publicResponsesMonthlyLimit: optLimit('monthly response limit per form'),
});
export type LimitSettingsInput = z.infer<typeof limitSettingsSchema>;

const VIDEO_TEXT_MAX = 50_000;

export const videoSettingsSchema = z.strictObject({
  videoUrl: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(2000, 'Use at most 2000 characters.')
      .refine((u) => u.startsWith('https://'), 'Use an https:// address.')
      .refine(
        (u) => videoEmbed(u) !== null,
        'Use a YouTube or Vimeo video link, or the https address of a video file.',
      )
      .nullable(),
  ),
  transcript: z.preprocess(
    blankToNull,
    z.string().max(VIDEO_TEXT_MAX, `Use at most ${VIDEO_TEXT_MAX} characters.`).nullable(),
  ),
  captions: z.preprocess(
    blankToNull,
    z.string().max(VIDEO_TEXT_MAX, `Use at most ${VIDEO_TEXT_MAX} characters.`).nullable(),
  ),
});
export type VideoSettingsInput = z.infer<typeof videoSettingsSchema>;

/** Requesting an export takes no fields. */
export const exportRequestSchema = z.strictObject({});
