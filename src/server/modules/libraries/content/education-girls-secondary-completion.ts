import type { LibraryEntry } from '../library-entry.js';

/** A small, complete example: girls leaving secondary school early. */
export const girlsSecondaryCompletion: LibraryEntry = {
  slug: 'girls-secondary-completion',
  kind: 'problem',
  sector: 'education',
  title: 'Girls leave secondary school before completing it',
  summary:
    'Costs, distance and safety push adolescent girls out of lower-secondary school. Bursaries, safe transport and girls’ clubs keep them enrolled and learning.',
  template: {
    problem: {
      title: 'Girls leave secondary school before completing it',
      statement:
        'In the target districts fewer than half of the girls who enrol in lower-secondary school complete it; many leave in the first two years.',
      rootCauses:
        'School fees and materials the household cannot afford; long and unsafe journeys; early marriage and domestic work; little support once girls fall behind.',
      populationWho:
        'Girls aged 12 to 17 enrolled in, or recently out of, lower-secondary school, and their families.',
      geography: 'Rural districts with one secondary school per catchment area.',
      evidence:
        'Conditional cash transfers and bursaries raise secondary enrolment and attendance of girls in many low-income settings; safe transport and mentoring reduce drop-out where distance and safety are barriers.',
    },
    elements: [
      {
        ref: 'bursaries',
        kind: 'activity',
        title: 'Give bursaries covering fees and materials',
        description:
          'Termly bursaries paid to the school for girls selected with a transparent, community-validated poverty score.',
        metrics: [
          {
            name: 'Girls receiving a bursary',
            definition:
              'Number of girls whose fees and materials were paid through the programme in the reporting period. Count each girl once per period.',
            unit: 'girls',
            type: 'count',
            period: 'quarterly',
            disaggregations: [
              { key: 'grade', label: 'Grade', categories: ['Grade 7', 'Grade 8', 'Grade 9'] },
            ],
            dataPoints: [
              {
                key: 'girls_with_bursary',
                name: 'Girls with a paid bursary',
                aggregation: 'count_distinct',
                starred: true,
              },
            ],
          },
        ],
      },
      {
        ref: 'clubs',
        kind: 'activity',
        title: 'Run weekly girls’ clubs with a trained mentor',
        description:
          'After-school clubs on study skills, life skills and safety, led by young women from the community.',
        metrics: [
          {
            name: 'Club sessions held',
            definition:
              'Number of girls’ club sessions held with a trained mentor and at least five girls present.',
            unit: 'sessions',
            type: 'count',
            period: 'monthly',
            dataPoints: [{ key: 'sessions_held', name: 'Sessions held', aggregation: 'sum' }],
          },
        ],
      },
      {
        ref: 'transport',
        kind: 'activity',
        title: 'Provide safe transport for girls living far from school',
        description:
          'Bicycles with maintenance training for girls living more than 3 km from school, and escorted walking groups where roads are unsafe.',
        risks: 'Bicycles are sold or used by other household members; road safety incidents.',
        metrics: [
          {
            name: 'Girls receiving a bicycle or joining an escorted walking group',
            definition:
              'Number of girls living more than 3 km from school who received a bicycle or were enrolled in an escorted walking group in the period.',
            unit: 'girls',
            type: 'count',
            disaggregations: [
              { key: 'support', label: 'Support', categories: ['Bicycle', 'Walking group'] },
            ],
            dataPoints: [
              {
                key: 'girls_transport',
                name: 'Girls with transport support',
                aggregation: 'sum',
                starred: true,
              },
            ],
          },
        ],
      },
      {
        ref: 'costs-covered',
        kind: 'output',
        title: 'Girls’ school costs are covered for the whole year',
        metrics: [
          {
            name: 'Bursary recipients paid on time',
            definition:
              'Percentage of bursary recipients whose payment reached the school before the start of term.',
            type: 'percentage',
            unit: '%',
            formula: 'percent(paid_on_time, recipients)',
            dataPoints: [
              {
                key: 'paid_on_time',
                name: 'Recipients paid before term starts',
                aggregation: 'count',
              },
              { key: 'recipients', name: 'Bursary recipients', aggregation: 'count' },
            ],
          },
        ],
      },
      {
        ref: 'mentored',
        kind: 'output',
        title: 'Girls are mentored and have a safe space at school',
        metrics: [
          {
            name: 'Girls attending at least 75% of club sessions',
            definition:
              'Number of enrolled club members present at three quarters or more of the sessions held in the period.',
            unit: 'girls',
            type: 'count',
            dataPoints: [
              {
                key: 'regular_members',
                name: 'Regular club members',
                measurement: 'survey_question',
                aggregation: 'count',
                questions: [
                  {
                    text: 'How many club sessions did you attend this term?',
                    answerType: 'integer',
                    required: true,
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        ref: 'safe-journey',
        kind: 'output',
        title: 'Girls travel to and from school safely and on time',
        metrics: [
          {
            name: 'Girls with transport support reporting a safe journey to school',
            definition:
              'Percentage of girls with transport support who report that in the last month they felt safe on the way to and from school and were never late because of the journey.',
            type: 'percentage',
            unit: '%',
            formula: 'percent(girls_safe_journey, girls_transport_surveyed)',
            dataPoints: [
              {
                key: 'girls_safe_journey',
                name: 'Girls reporting a safe journey',
                aggregation: 'count',
                questions: [
                  {
                    text: 'In the last month, did you feel safe on your way to and from school?',
                    answerType: 'single_choice',
                    choices: ['Always', 'Mostly', 'Sometimes', 'Never'],
                    required: true,
                  },
                ],
              },
              {
                key: 'girls_transport_surveyed',
                name: 'Girls with transport support surveyed',
                aggregation: 'count',
              },
            ],
          },
        ],
      },
      {
        ref: 'attendance',
        kind: 'outcome',
        horizon: 'short',
        title: 'Girls attend school regularly',
        metrics: [
          {
            name: 'Attendance rate of participating girls',
            definition:
              'Days attended divided by school days in the period, for participating girls, as a percentage.',
            type: 'percentage',
            unit: '%',
            formula: 'percent(days_attended, school_days)',
            dataPoints: [
              {
                key: 'days_attended',
                name: 'Days attended (all participating girls)',
                aggregation: 'sum',
                questions: [
                  {
                    text: 'Number of days the girl was present this term (from the class register)',
                    answerType: 'integer',
                    required: true,
                  },
                ],
              },
              {
                key: 'school_days',
                name: 'School days × participating girls',
                aggregation: 'sum',
                questions: [
                  {
                    text: 'Number of school days this term',
                    answerType: 'integer',
                    required: true,
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        ref: 'completion',
        kind: 'outcome',
        horizon: 'medium',
        title: 'Girls complete lower-secondary school',
        assumptions: 'Schools keep their fees stable and examinations take place as planned.',
        metrics: [
          {
            name: 'Lower-secondary completion rate of participating girls',
            definition:
              'Percentage of participating girls in the final grade who sit and pass the end-of-cycle examination.',
            type: 'percentage',
            unit: '%',
            standardRef: 'SDG 4.1.2',
            formula: 'percent(girls_passing, girls_in_final_grade)',
            dataPoints: [
              {
                key: 'girls_passing',
                name: 'Girls passing the end-of-cycle exam',
                aggregation: 'count',
                questions: [
                  {
                    text: 'Result of the end-of-cycle examination',
                    answerType: 'single_choice',
                    choices: ['Passed', 'Failed', 'Did not sit'],
                    required: true,
                  },
                ],
              },
              {
                key: 'girls_in_final_grade',
                name: 'Participating girls in the final grade',
                aggregation: 'count',
                questions: [
                  {
                    text: 'Is the girl enrolled in the final grade of lower-secondary this year?',
                    answerType: 'yes_no',
                    required: true,
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        ref: 'impact',
        kind: 'impact',
        title: 'Young women have the education to choose their future',
        description:
          'More young women continue to upper-secondary, training or decent work, and marry later.',
      },
    ],
    links: [
      { from: 'bursaries', to: 'costs-covered' },
      { from: 'clubs', to: 'mentored' },
      { from: 'transport', to: 'safe-journey' },
      {
        from: 'safe-journey',
        to: 'attendance',
        assumptions:
          'Distance and safety on the journey are among the main reasons girls miss school.',
      },
      {
        from: 'costs-covered',
        to: 'attendance',
        assumptions: 'Cost is the main reason girls miss school.',
      },
      { from: 'mentored', to: 'attendance' },
      { from: 'attendance', to: 'completion' },
      { from: 'completion', to: 'impact' },
    ],
  },
};
