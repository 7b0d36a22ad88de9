import type { LibraryEntry } from '../library-entry.js';

/** Village savings and loan associations (VSLA methodology), copied into any problem. */
export const savingsGroupsStrategy: LibraryEntry = {
  slug: 'village-savings-groups',
  kind: 'strategy',
  sector: 'financial-inclusion',
  title: 'Village savings and loan associations',
  summary:
    'Self-managed groups of 15–25 members save through weekly share purchases, lend to each other and share out with interest at the end of each cycle; mature groups link to formal and mobile finance. For livelihoods, resilience and women’s empowerment problems.',
  template: {
    elements: [
      {
        ref: 'form-groups',
        kind: 'activity',
        title: 'Form and train savings groups',
        description:
          'Community facilitators form groups of 15–25 members and train them over the first savings cycle (governance, record keeping, share-out).',
        metrics: [
          {
            name: 'Savings groups formed',
            definition:
              'Number of new groups that held their first savings meeting with a constitution agreed by members.',
            unit: 'groups',
            type: 'count',
            dataPoints: [
              { key: 'groups_formed', name: 'Groups formed', aggregation: 'count', starred: true },
            ],
          },
        ],
      },
      {
        ref: 'financial-education',
        kind: 'activity',
        title: 'Deliver financial education in the groups',
        description:
          'Short participatory sessions during group meetings on budgeting, setting savings goals, managing debt and planning for shocks.',
        metrics: [
          {
            name: 'Members completing the financial education sessions',
            definition:
              'Number of group members who attended at least 5 of the 6 financial education sessions.',
            unit: 'members',
            type: 'count',
            disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female', 'Male'] }],
            dataPoints: [
              {
                key: 'members_fin_ed',
                name: 'Members attending ≥5 of 6 sessions',
                aggregation: 'sum',
                starred: true,
              },
            ],
          },
        ],
      },
      {
        ref: 'linkages',
        kind: 'activity',
        title: 'Link mature groups to formal and mobile financial services',
        description:
          'After their first share-out, groups that choose to can open a group account or mobile wallet to keep cash safely, and members can open individual accounts.',
        risks: 'Groups take formal loans they cannot repay; fees erode small balances.',
        metrics: [
          {
            name: 'Groups with a bank or mobile money group account',
            definition:
              'Number of savings groups holding an active group account with a bank, microfinance institution or mobile money provider.',
            unit: 'groups',
            type: 'count',
            dataPoints: [
              {
                key: 'groups_linked',
                name: 'Groups with an account',
                aggregation: 'sum',
                starred: true,
              },
            ],
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
            definition:
              'Percentage of group members who saved at three or more of the last four meetings.',
            type: 'percentage',
            unit: '%',
            formula: 'percent(regular_savers, members)',
            disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female', 'Male'] }],
            dataPoints: [
              {
                key: 'regular_savers',
                name: 'Members saving at 3 of the last 4 meetings',
                aggregation: 'count',
              },
              { key: 'members', name: 'Group members', aggregation: 'count' },
            ],
          },
        ],
      },
      {
        ref: 'cycle-completed',
        kind: 'output',
        title: 'Groups complete a savings cycle and share out independently',
        metrics: [
          {
            name: 'Groups completing a cycle with a share-out',
            definition:
              'Percentage of groups whose cycle was due to end in the period that shared out savings and earnings to members with complete records and no loss of funds.',
            type: 'percentage',
            unit: '%',
            period: 'annual',
            formula: 'percent(groups_shared_out, groups_cycle_due)',
            dataPoints: [
              {
                key: 'groups_shared_out',
                name: 'Groups completing a share-out',
                aggregation: 'sum',
                starred: true,
              },
              {
                key: 'groups_cycle_due',
                name: 'Groups with a cycle due to end',
                aggregation: 'sum',
              },
            ],
          },
          {
            name: 'Average savings per member',
            definition:
              'Total value of shares purchased in active groups during the cycle, divided by the number of members, in local currency (SAVIX-style reporting).',
            type: 'currency',
            unit: 'local currency',
            formula: 'ratio(total_savings, total_members)',
            dataPoints: [
              {
                key: 'total_savings',
                name: 'Value of shares purchased',
                aggregation: 'sum',
                starred: true,
              },
              { key: 'total_members', name: 'Members of active groups', aggregation: 'sum' },
            ],
          },
        ],
      },
      {
        ref: 'members-linked',
        kind: 'output',
        title: 'Members hold an individual formal or mobile money account',
        metrics: [
          {
            name: 'Members with an individual formal or mobile money account',
            definition:
              'Percentage of group members who say they personally have an account at a bank, microfinance institution or mobile money provider that they used in the last 90 days.',
            type: 'percentage',
            unit: '%',
            formula: 'percent(members_with_account, members_surveyed)',
            disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female', 'Male'] }],
            dataPoints: [
              {
                key: 'members_with_account',
                name: 'Members with an account used in the last 90 days',
                aggregation: 'count',
                questions: [
                  {
                    text: 'Do you personally have an account at a bank, microfinance institution or mobile money provider that you used in the last 90 days?',
                    answerType: 'yes_no',
                    required: true,
                  },
                ],
              },
              { key: 'members_surveyed', name: 'Members surveyed', aggregation: 'count' },
            ],
          },
        ],
      },
    ],
    links: [
      { from: 'form-groups', to: 'groups-saving' },
      { from: 'financial-education', to: 'groups-saving' },
      { from: 'form-groups', to: 'cycle-completed' },
      { from: 'financial-education', to: 'cycle-completed' },
      { from: 'linkages', to: 'members-linked' },
    ],
  },
};
