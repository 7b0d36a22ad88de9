/**
 * The sectors the library is organised by (shipped entries and a team's own items). Keys are
 * stable (stored in library_items.sector and used in URLs); labels are what people read.
 */
export const SECTORS = [
  { key: 'education', label: 'Education' },
  { key: 'health', label: 'Health' },
  { key: 'nutrition', label: 'Nutrition' },
  { key: 'wash', label: 'Water, sanitation & hygiene' },
  { key: 'livelihoods', label: 'Livelihoods' },
  { key: 'agriculture', label: 'Agriculture & food security' },
  { key: 'financial-inclusion', label: 'Financial inclusion' },
  { key: 'gender', label: 'Gender equality' },
  { key: 'protection', label: 'Protection' },
  { key: 'climate', label: 'Climate resilience' },
  { key: 'governance', label: 'Governance & civil society' },
  { key: 'energy', label: 'Energy access' },
  { key: 'shelter', label: 'Shelter & settlements' },
  { key: 'other', label: 'Other' },
] as const;

export type SectorKey = (typeof SECTORS)[number]['key'];
export const SECTOR_KEYS = SECTORS.map((s) => s.key) as [SectorKey, ...SectorKey[]];
const SECTOR_LABELS: Record<SectorKey, string> = Object.fromEntries(
  SECTORS.map((s) => [s.key, s.label]),
) as Record<SectorKey, string>;

export function sectorLabel(key: string): string {
  return (SECTOR_LABELS as Record<string, string>)[key] ?? key;
}

export const LIBRARY_KINDS = ['problem', 'strategy'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];
export const LIBRARY_KIND_LABELS: Record<LibraryKind, string> = {
  problem: 'Problem',
  strategy: 'Strategy',
};
