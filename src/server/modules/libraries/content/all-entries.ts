import type { LibraryEntry } from './types.js';
import { agricultureSmallholderFoodSecurity } from './agriculture-smallholder-food-security.js';
import { educationFoundationalLiteracy } from './education-foundational-literacy.js';
import { healthChildImmunization } from './health-child-immunization.js';
import { maternalHealthSkilledBirth } from './maternal-health-skilled-birth.js';
import { nutritionChildStunting } from './nutrition-child-stunting.js';
import { washSafeDrinkingWater } from './wash-safe-drinking-water.js';

/** Every shipped library entry, problems first, in the order the library lists them. */
export const LIBRARY_ENTRIES: LibraryEntry[] = [
  educationFoundationalLiteracy,
  healthChildImmunization,
  maternalHealthSkilledBirth,
  washSafeDrinkingWater,
  nutritionChildStunting,
  agricultureSmallholderFoodSecurity,
];
