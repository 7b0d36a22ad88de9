import type { LibraryEntry } from '../library-entry.js';
import { agricultureSmallholderFoodSecurity } from './agriculture-smallholder-food-security.js';
import { girlsSecondaryCompletion } from './education-girls-secondary-completion.js';
import { climateDroughtFloodResilience } from './climate-drought-flood-resilience.js';
import { educationFoundationalLiteracy } from './education-foundational-literacy.js';
import { energyCleanCooking } from './energy-clean-cooking.js';
import { financialInclusionRuralWomen } from './financial-inclusion-rural-women.js';
import { genderChildMarriage } from './gender-child-marriage.js';
import { governanceSocialAccountability } from './governance-social-accountability.js';
import { healthChildImmunization } from './health-child-immunization.js';
import { healthMalariaPrevention } from './health-malaria-prevention.js';
import { livelihoodsUltraPoorGraduation } from './livelihoods-ultra-poor-graduation.js';
import { maternalHealthSkilledBirth } from './maternal-health-skilled-birth.js';
import { nutritionChildStunting } from './nutrition-child-stunting.js';
import { protectionGenderBasedViolence } from './protection-gender-based-violence.js';
import { shelterDisplacedFamilies } from './shelter-displaced-families.js';
import { girlsSafeSpacesStrategy } from './strategy-adolescent-girls-safe-spaces.js';
import { cashTransfersStrategy } from './strategy-cash-transfers.js';
import { climateSmartFieldSchoolsStrategy } from './strategy-climate-smart-farmer-field-schools.js';
import { communityScoreCardsStrategy } from './strategy-community-score-cards.js';
import { cltsStrategy } from './strategy-community-led-total-sanitation.js';
import { cmamStrategy } from './strategy-community-management-of-acute-malnutrition.js';
import { gbvCaseManagementStrategy } from './strategy-gbv-case-management.js';
import { handwashingStrategy } from './strategy-handwashing-promotion.js';
import { iccmStrategy } from './strategy-integrated-community-case-management.js';
import { mobileHealthOutreachStrategy } from './strategy-mobile-health-outreach.js';
import { savingsGroupsStrategy } from './strategy-savings-groups.js';
import { teacherCoachingStrategy } from './strategy-teacher-coaching.js';
import { youthApprenticeshipsStrategy } from './strategy-youth-apprenticeships.js';
import { washSafeDrinkingWater } from './wash-safe-drinking-water.js';
import { youthEmploymentSkills } from './youth-employment-skills.js';

export type { LibraryEntry } from '../library-entry.js';

/**
 * The library that ships with Pathways: problems (whole theories of change) and strategies
 * (bundles of activities and outputs). Add an entry: one file exporting a LibraryEntry, one line here.
 */
export const SHIPPED_LIBRARY: LibraryEntry[] = [
  // problems
  girlsSecondaryCompletion,
  educationFoundationalLiteracy,
  healthChildImmunization,
  maternalHealthSkilledBirth,
  healthMalariaPrevention,
  washSafeDrinkingWater,
  nutritionChildStunting,
  agricultureSmallholderFoodSecurity,
  financialInclusionRuralWomen,
  livelihoodsUltraPoorGraduation,
  youthEmploymentSkills,
  climateDroughtFloodResilience,
  genderChildMarriage,
  protectionGenderBasedViolence,
  energyCleanCooking,
  governanceSocialAccountability,
  shelterDisplacedFamilies,
  // strategies
  savingsGroupsStrategy,
  teacherCoachingStrategy,
  mobileHealthOutreachStrategy,
  iccmStrategy,
  cltsStrategy,
  cmamStrategy,
  climateSmartFieldSchoolsStrategy,
  cashTransfersStrategy,
  youthApprenticeshipsStrategy,
  girlsSafeSpacesStrategy,
  handwashingStrategy,
  communityScoreCardsStrategy,
  gbvCaseManagementStrategy,
];
