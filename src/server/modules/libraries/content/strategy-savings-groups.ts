import type { LibraryEntry } from '../library-entry.js';

/** A small strategy: village savings and loan associations, copied into any problem. */
export const savingsGroupsStrategy: LibraryEntry = {
  slug: 'village-savings-groups',
  kind: 'strategy',
  sector: 'financial-inclusion',
  title: 'Village savings and loan associations',
  summary: 'Form and train self-managed savings groups so members can save, borrow small sums and cope with shocks.',
  template: {
    elements: [
      {
        ref: 'form-groups',
        kind: 'activity',
        title: 'Form and train savings groups',
        description: 'Community facilitators form groups of 15–25 members and train them over the first savings cycle (governance, record keeping, share-out).',
        metrics: [
          {
            name: 'Savings groups formed',
            definition: 'Number of new groups that held their first savings meeting with a constitution agreed by members.',
            unit: 'groups',
            type: 'count',
            dataPoints: [{ key: 'groups_formed', name: 'Groups formed', aggregation: 'count', starred: true }],
          },
        ],
      },
      {
        ref: 'groups-saving',
        kind: 'output',
        title: 'Members save and borrow regularly in their groups',
        metrics: [
          {
            name: 'Members saving regularly',
            definition: 'Percentage of group members who saved at three or more of the last four meetings.',
            type: 'percentage',
            unit: '%',
            formula: 'percent(regular_savers, members)',
            disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female', 'Male'] }],
            dataPoints: [
              { key: 'regular_savers', name: 'Members saving at 3 of the last 4 meetings', aggregation: 'count' },
              { key: 'members', name: 'Group members', aggregation: 'count' },
            ],
          },
        ],
      },
    ],
    links: [{ from: 'form-groups', to: 'groups-saving' }],
  },
};
