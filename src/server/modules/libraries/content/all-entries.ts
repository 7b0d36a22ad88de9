import type { LibraryEntry } from './types.js';
import { educationFoundationalLiteracy } from './education-foundational-literacy.js';
import { healthChildImmunization } from './health-child-immunization.js';
import { maternalHealthSkilledBirth } from './maternal-health-skilled-birth.js';

/** Every shipped library entry, problems first, in the order the library lists them. */
export const LIBRARY_ENTRIES: LibraryEntry[] = [educationFoundationalLiteracy, healthChildImmunization, maternalHealthSkilledBirth];
