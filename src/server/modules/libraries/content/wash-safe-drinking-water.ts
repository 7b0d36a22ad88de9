import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  dim,
  dp,
  HOUSEHOLD_HEAD,
  impact,
  links,
  LOCATION,
  metric,
  outcome,
  output,
  percentOf,
  q,
  SEX,
} from './builders.js';

export const washSafeDrinkingWater: LibraryEntry = {
  slug: 'wash-safe-drinking-water',
  kind: 'problem',
  sector: 'wash',
  title: 'Households lack safe and reliable drinking water',
  summary:
    'Households collect water from unprotected sources or broken water points far from home, and water is often contaminated by the time it is drunk. Water-point rehabilitation, committees that keep them running, and household treatment, measured against the JMP service ladder (SDG 6.1.1).',
  template: {
    problem: {
      title: 'Households lack safe and reliable drinking water',
      statement:
        'Many households in the target communities use unprotected wells, springs or surface water, or walk more than 30 minutes (round trip including queueing) to an improved source. A large share of existing hand pumps and taps are non-functional at any time. Stored water is frequently contaminated with E. coli, and diarrhoeal disease is a leading cause of illness among children under five.',
      rootCauses:
        'Water points built without a plan or budget for maintenance; no trained mechanics or spare parts nearby; water committees inactive and tariffs not collected; falling groundwater levels in the dry season; unsafe storage and handling in the home; women and girls bear the collection burden but have little say in water management.',
      populationWho:
        'Households, schools and health facilities in rural communities; women and girls who collect water',
      populationCount: null,
      geography: 'Rural villages and small towns',
      evidence:
        'WHO/UNICEF Joint Monitoring Programme (JMP) for Water Supply, Sanitation and Hygiene: the service ladder (safely managed, basic, limited, unimproved, surface water) and the global estimates of people still lacking safely managed drinking water. Studies of rural water supply sustainability commonly find a substantial share of hand pumps non-functional at any time. Local evidence: water-point mapping, functionality audits and household surveys.',
    },
    elements: [
      activity('a1', 'Rehabilitate or construct protected water points', {
        description:
          'Repair broken boreholes and hand pumps, protect springs, or extend piped schemes, sited with the community and tested for water quality before hand-over.',
        risks: 'Drilling finds low-yield or saline aquifers; contractor quality is poor.',
        metrics: [
          metric({
            name: 'Water points constructed or rehabilitated and handed over',
            definition:
              'Number of water points completed, passing a water-quality test (no E. coli detected in 100 ml) and formally handed over to a water committee in the period.',
            unit: 'water points',
            type: 'count',
            disaggregations: [
              dim('work', 'Type of work', 'New construction', 'Rehabilitation'),
              dim(
                'technology',
                'Technology',
                'Hand pump',
                'Protected spring',
                'Piped tap stand',
                'Rainwater harvesting',
              ),
            ],
            dataPoints: [
              dp('water_points_completed', 'Water points handed over', { starred: true }),
            ],
          }),
        ],
      }),
      activity('a2', 'Establish and train water management committees with women in leadership', {
        description:
          'Committees of at least 50% women are trained in operation and maintenance, tariff collection, bookkeeping and accountability to users.',
        assumptions: 'Households are willing to pay a small regular tariff.',
        metrics: [
          metric({
            name: 'Water committee members trained',
            definition:
              'Number of water committee members who completed training in operation and maintenance, tariff collection and bookkeeping in the period.',
            unit: 'members',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [
              dp('committee_members_trained', 'Committee members trained', { starred: true }),
            ],
          }),
        ],
      }),
      activity('a3', 'Train and equip local hand-pump mechanics and set up a spare-parts supply', {
        description:
          'Area mechanics are trained, given tool kits, and linked to a spare-parts shop and to committees through service contracts.',
        metrics: [
          metric({
            name: 'Hand-pump mechanics trained and equipped',
            definition:
              'Number of local mechanics who completed training, received a tool kit and signed a service agreement with at least one water committee.',
            unit: 'mechanics',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [
              dp('mechanics_equipped', 'Mechanics trained and equipped', { starred: true }),
            ],
          }),
        ],
      }),
      activity('a4', 'Promote household water treatment and safe storage', {
        description:
          'Demonstrations of chlorination, boiling or ceramic filters, and distribution of covered containers with taps; follow-up visits by hygiene promoters.',
        risks: 'Households dislike the taste of chlorine and stop treating.',
        metrics: [
          metric({
            name: 'Household water treatment demonstrations held',
            definition:
              'Number of community or household demonstrations of water treatment and safe storage held by hygiene promoters in the period.',
            unit: 'demonstrations',
            type: 'count',
            dataPoints: [dp('demonstrations_held', 'Demonstrations held', { starred: true })],
          }),
        ],
      }),
      output('op1', 'People have a protected water point within 30 minutes’ round trip', {
        metrics: [
          metric({
            name: 'People gaining access to a basic drinking water service',
            definition:
              'Number of people living in households whose main source becomes an improved water point completed by the project and reachable within 30 minutes round trip including queueing. Estimated from the water point’s catchment household list × average household size; count each person once over the project.',
            unit: 'people',
            type: 'count',
            disaggregations: [SEX, LOCATION],
            dataPoints: [
              dp('people_new_basic_access', 'People in catchment households', { starred: true }),
            ],
          }),
        ],
      }),
      output('op2', 'Water points are kept functional by committees and mechanics', {
        metrics: [
          metric({
            name: 'Percentage of project water points functional at spot check',
            definition:
              'Numerator: project water points delivering water at the design flow on the day of an unannounced spot check. Denominator: all project water points checked. A point under repair for more than 7 days counts as non-functional.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('water_points_functional', 'water_points_checked'),
            dataPoints: [
              dp('water_points_functional', 'Water points functional', { starred: true }),
              dp('water_points_checked', 'Water points checked'),
            ],
          }),
        ],
      }),
      output('op3', 'Water committees are active and financially sustainable', {
        metrics: [
          metric({
            name: 'Water committees meeting the functionality criteria',
            definition:
              'Number of committees that in the quarter met at least once, collected tariffs, hold a maintenance fund with a positive balance, keep up-to-date accounts, and have at least one woman in a leadership role (chair, treasurer or secretary).',
            unit: 'committees',
            type: 'count',
            dataPoints: [
              dp('committees_functional', 'Committees meeting all criteria', { starred: true }),
            ],
          }),
        ],
      }),
      output('op4', 'Households know how to treat and store water safely', {
        metrics: [
          metric({
            name: 'Households reached with water treatment demonstrations and storage containers',
            definition:
              'Number of households that attended a demonstration and received a covered storage container or treatment product in the period.',
            unit: 'households',
            type: 'count',
            disaggregations: [HOUSEHOLD_HEAD],
            dataPoints: [dp('households_reached', 'Households reached', { starred: true })],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Households use an improved water source close to home all year', {
        metrics: [
          metric({
            name: 'Percentage of households using at least a basic drinking water service',
            definition:
              'Numerator: households whose main drinking water source is improved (piped, borehole/tube well, protected well or spring, rainwater, packaged or delivered water) AND where collection takes 30 minutes or less round trip including queueing. Denominator: households surveyed. JMP “basic” service ladder level.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [HOUSEHOLD_HEAD, LOCATION],
            formula: percentOf('households_basic_water', 'households_surveyed'),
            dataPoints: [
              dp('households_basic_water', 'Households with a basic service', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'What is the main source of drinking water for members of your household?',
                    'single_choice',
                    {
                      choices: [
                        'Piped into dwelling/yard',
                        'Public tap/standpipe',
                        'Borehole/tube well',
                        'Protected dug well',
                        'Unprotected dug well',
                        'Protected spring',
                        'Unprotected spring',
                        'Rainwater',
                        'Tanker truck/cart',
                        'Bottled or sachet water',
                        'Surface water (river, pond, dam)',
                      ],
                    },
                  ),
                  q('How long does it take to go there, get water, and come back?', 'integer', {
                    helpText:
                      'Minutes, including queueing. Record 0 if the source is on the premises.',
                  }),
                ],
              }),
              dp('households_surveyed', 'Households surveyed', {
                aggregation: 'count',
                questions: [
                  q('Sex of the household head', 'single_choice', { choices: ['Female', 'Male'] }),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Water is safe at the point of consumption', {
        assumptions: 'Households keep treating water after the promotion campaign ends.',
        metrics: [
          metric({
            name: 'Percentage of household drinking water samples free from E. coli',
            definition:
              'Numerator: samples of stored household drinking water (taken from the cup or container the household drinks from) with no E. coli detected in 100 ml. Denominator: household samples tested. Use a random sub-sample of surveyed households.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            formula: percentOf('samples_no_ecoli', 'samples_tested'),
            dataPoints: [
              dp('samples_no_ecoli', 'Samples with no E. coli in 100 ml', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('E. coli colony count per 100 ml for this sample', 'integer', {
                    helpText: 'Read after 24 hours incubation. Enter 0 when none detected.',
                  }),
                ],
              }),
              dp('samples_tested', 'Household samples tested', {
                aggregation: 'count',
                questions: [
                  q('Was the sample taken from the container the household drinks from?', 'yes_no'),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Women and girls spend less time collecting water', {
        metrics: [
          metric({
            name: 'Average time per day spent collecting water by women and girls',
            definition:
              'Mean minutes per day that women and girls aged 10 and over in surveyed households report spending on water collection (all trips yesterday), from the household survey.',
            unit: 'minutes per day',
            type: 'number',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [dim('age_group', 'Age group', 'Girls 10–17', 'Women 18+')],
            dataPoints: [
              dp('minutes_collecting', 'Minutes spent collecting water yesterday', {
                starred: true,
                aggregation: 'average',
                questions: [
                  q(
                    'Yesterday, how many minutes in total did you spend fetching water for the household?',
                    'integer',
                  ),
                  q('Respondent sex', 'single_choice', { choices: ['Female', 'Male'] }),
                ],
              }),
            ],
          }),
        ],
      }),
      impact('im1', 'Fewer people, especially children, fall ill from water-borne disease', {
        metrics: [
          metric({
            name: 'Two-week prevalence of diarrhoea in children under five',
            definition:
              'Numerator: children under five whose caregiver reports diarrhoea (3 or more loose stools in 24 hours) in the 2 weeks before the survey. Denominator: children under five in surveyed households.',
            unit: '%',
            type: 'percentage',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [SEX],
            formula: percentOf('children_diarrhoea', 'children_u5'),
            dataPoints: [
              dp('children_diarrhoea', 'Children with diarrhoea in last 2 weeks', {
                starred: true,
                aggregation: 'count',
              }),
              dp('children_u5', 'Children under five', { aggregation: 'count' }),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'a1>op1',
      'a2>op2',
      'a3>op2',
      'a2>op3',
      'a4>op4',
      'op1>oc1',
      { link: 'op2>oc1', assumptions: 'Committees keep enough in their fund to pay for repairs.' },
      'op3>oc1',
      'op4>oc2',
      'oc1>oc2',
      'oc1>oc3',
      'oc2>oc3',
      'oc3>im1',
    ),
  },
};
