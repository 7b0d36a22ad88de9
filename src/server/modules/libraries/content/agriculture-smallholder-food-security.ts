import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  dim,
  dp,
  HOUSEHOLD_HEAD,
  impact,
  links,
  metric,
  outcome,
  output,
  percentOf,
  q,
  SEX,
} from './builders.js';

const CROP = dim('crop', 'Crop', 'Maize', 'Sorghum/millet', 'Beans/pulses', 'Cassava', 'Other');

export const agricultureSmallholderFoodSecurity: LibraryEntry = {
  slug: 'agriculture-smallholder-food-security',
  kind: 'problem',
  sector: 'agriculture',
  title: 'Smallholder farming households go hungry in the lean season',
  summary:
    'Low yields and post-harvest losses leave smallholder households without enough food for several months a year. Farmer field schools, access to improved seed, post-harvest storage and market links, measured with yields, months of adequate food provisioning and the Food Insecurity Experience Scale.',
  template: {
    problem: {
      title: 'Smallholder farming households go hungry in the lean season',
      statement:
        'Smallholder households in the target area produce too little to feed themselves all year and sell little surplus. Many run out of stored food months before the next harvest, reduce meals, sell assets or take on debt during the lean season, and have poor-quality diets.',
      rootCauses:
        'Low use of improved, locally adapted seed and good agronomic practices; declining soil fertility; erratic rainfall; storage losses to pests and moulds; distress sales at harvest when prices are lowest; weak extension services that rarely reach women farmers; women’s limited control over land and income.',
      populationWho:
        'Smallholder farming households cultivating less than 2 hectares, with attention to women farmers',
      populationCount: null,
      geography: 'Rain-fed farming districts',
      evidence:
        'FAO, IFAD, UNICEF, WFP and WHO, “The State of Food Security and Nutrition in the World” (annual): most of the world’s food-insecure people live in rural areas and depend on agriculture. FAO Food Insecurity Experience Scale (FIES) underlies SDG 2.1.2. Studies of post-harvest losses in sub-Saharan Africa (e.g. APHLIS) show substantial grain losses in storage. Local evidence: seasonal calendar, household economy analysis and a baseline household survey.',
    },
    elements: [
      activity('a1', 'Run farmer field schools on good agronomic practices', {
        description:
          'Season-long groups of 20–30 farmers learn by comparing plots: improved varieties, spacing, soil fertility management, integrated pest management. At least half of participants are women.',
        assumptions: 'Farmers can attend weekly sessions during the busy planting season.',
        metrics: [
          metric({
            name: 'Farmers completing a season-long farmer field school',
            definition:
              'Number of farmers who attended at least 75% of their farmer field school sessions over the cropping season (attendance registers).',
            unit: 'farmers',
            type: 'count',
            period: 'annual',
            disaggregations: [SEX, dim('age_group', 'Age group', '15–34', '35+')],
            dataPoints: [
              dp('farmers_graduated', 'Farmers attending ≥75% of sessions', { starred: true }),
            ],
          }),
        ],
      }),
      activity('a2', 'Link farmers to agro-dealers for improved seed and inputs', {
        description:
          'Input fairs, vouchers for the first season, and demonstration plots with local agro-dealers so farmers can buy certified seed of adapted varieties afterwards.',
        risks: 'Seed of the right varieties is not available in time for planting.',
        metrics: [
          metric({
            name: 'Farmers receiving input vouchers or attending input fairs',
            definition:
              'Number of farmers who redeemed an input voucher or bought inputs at a project-supported input fair in the period.',
            unit: 'farmers',
            type: 'count',
            period: 'annual',
            disaggregations: [SEX],
            dataPoints: [dp('farmers_input_access', 'Farmers reached', { starred: true })],
          }),
        ],
      }),
      activity('a3', 'Train households in post-harvest handling and provide hermetic storage', {
        description:
          'Training in drying, sorting and storage; hermetic bags or metal silos at subsidised cost.',
        metrics: [
          metric({
            name: 'Farmers trained in post-harvest handling',
            definition:
              'Number of farmers who completed the post-harvest handling and storage training in the period.',
            unit: 'farmers',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('farmers_trained_postharvest', 'Farmers trained', { starred: true })],
          }),
        ],
      }),
      activity('a4', 'Organise farmer groups for collective marketing', {
        description:
          'Groups aggregate produce, store it in a warehouse and sell when prices recover, with links to buyers and market price information by SMS.',
        risks: 'Side-selling by members when traders offer cash at harvest.',
        metrics: [
          metric({
            name: 'Farmer marketing groups formed and registered',
            definition:
              'Number of farmer groups that have elected leaders, adopted by-laws and registered with the local authority or cooperative office.',
            unit: 'groups',
            type: 'count',
            dataPoints: [dp('groups_registered', 'Groups registered', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Farmers know and try improved agronomic practices', {
        metrics: [
          metric({
            name: 'Percentage of trained farmers applying at least three promoted practices',
            definition:
              'Numerator: farmer field school graduates observed (plot visit) applying at least 3 of the promoted practices on their own plot in the following season. Denominator: graduates visited.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX],
            formula: percentOf('farmers_applying_3', 'farmers_visited'),
            dataPoints: [
              dp('farmers_applying_3', 'Graduates applying ≥3 practices', { starred: true }),
              dp('farmers_visited', 'Graduates visited'),
            ],
          }),
        ],
      }),
      output('op2', 'Farmers buy and plant improved seed', {
        metrics: [
          metric({
            name: 'Farmers purchasing certified seed of improved varieties',
            definition:
              'Number of participating farmers who bought certified seed of an improved, locally adapted variety for the main season, from agro-dealer sales records or farmer survey.',
            unit: 'farmers',
            type: 'count',
            period: 'annual',
            disaggregations: [SEX, CROP],
            dataPoints: [
              dp('farmers_buying_seed', 'Farmers buying certified seed', { starred: true }),
            ],
          }),
        ],
      }),
      output('op3', 'Households store their harvest safely', {
        metrics: [
          metric({
            name: 'Households using hermetic storage',
            definition:
              'Number of participating households storing grain in hermetic bags, metal silos or another airtight container at the post-harvest follow-up visit.',
            unit: 'households',
            type: 'count',
            period: 'annual',
            disaggregations: [HOUSEHOLD_HEAD],
            dataPoints: [
              dp('households_hermetic', 'Households using hermetic storage', { starred: true }),
            ],
          }),
        ],
      }),
      output('op4', 'Farmer groups sell collectively at better prices', {
        metrics: [
          metric({
            name: 'Volume of produce sold collectively by farmer groups',
            definition:
              'Total tonnes of produce sold through group (collective) sales in the marketing season, from group sales records.',
            unit: 'tonnes',
            type: 'number',
            period: 'annual',
            disaggregations: [CROP],
            dataPoints: [dp('tonnes_sold', 'Tonnes sold collectively', { starred: true })],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Crop yields increase on participating farms', {
        metrics: [
          metric({
            name: 'Average yield of the main staple crop',
            definition:
              'Mean harvest per hectare of the main staple crop on participants’ plots: total harvest (kg, converted from local units) divided by area planted (ha), from the post-harvest survey or crop cuts on a sample of plots.',
            unit: 'kg per hectare',
            type: 'ratio',
            period: 'annual',
            disaggregations: [SEX, CROP],
            formula: 'ratio(harvest_kg, area_planted_ha)',
            dataPoints: [
              dp('harvest_kg', 'Harvest of the main crop (kg)', {
                starred: true,
                questions: [
                  q('How much of (crop) did you harvest from this plot this season?', 'number', {
                    helpText:
                      'Record in local units and convert to kilograms with the conversion table.',
                  }),
                ],
              }),
              dp('area_planted_ha', 'Area planted (ha)', {
                questions: [
                  q('What area of this plot was planted with (crop)?', 'number', {
                    helpText: 'Hectares; convert from acres or local units if needed.',
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Households have enough food throughout the year', {
        metrics: [
          metric({
            name: 'Months of adequate household food provisioning (MAHFP)',
            definition:
              'Mean number of months in the past 12 in which the household had enough food to meet its needs (12 minus the months reported as lacking food). FANTA MAHFP indicator.',
            unit: 'months',
            type: 'number',
            period: 'annual',
            disaggregations: [HOUSEHOLD_HEAD],
            dataPoints: [
              dp('mahfp_months', 'Months with adequate food (per household)', {
                starred: true,
                aggregation: 'average',
                questions: [
                  q(
                    'In the past 12 months, were there months in which you did not have enough food to meet your family’s needs?',
                    'yes_no',
                  ),
                  q(
                    'Which were the months in which you did not have enough food?',
                    'multiple_choice',
                    {
                      choices: [
                        'January',
                        'February',
                        'March',
                        'April',
                        'May',
                        'June',
                        'July',
                        'August',
                        'September',
                        'October',
                        'November',
                        'December',
                      ],
                    },
                  ),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Fewer households experience moderate or severe food insecurity', {
        assumptions:
          'No major shock (drought, conflict, price spike) affects the whole area in the measurement year.',
        metrics: [
          metric({
            name: 'Prevalence of moderate or severe food insecurity (FIES)',
            definition:
              'Numerator: surveyed households classified as moderately or severely food insecure on the Food Insecurity Experience Scale (8 questions, 12-month recall), using FAO’s FIES analysis (Rasch model); where that is not possible, a raw score of 4 or more “yes” answers is a common approximation, and reports should say so. Denominator: households surveyed.',
            unit: '%',
            type: 'percentage',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [HOUSEHOLD_HEAD],
            standardRef: 'SDG 2.1.2',
            formula: percentOf('households_food_insecure', 'households_surveyed'),
            dataPoints: [
              dp('households_food_insecure', 'Households moderately or severely food insecure', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'During the last 12 months, was there a time when you or others in your household were worried about not having enough food to eat because of a lack of money or other resources?',
                    'yes_no',
                  ),
                  q(
                    '…were unable to eat healthy and nutritious food because of a lack of money or other resources?',
                    'yes_no',
                  ),
                  q(
                    '…ate only a few kinds of foods because of a lack of money or other resources?',
                    'yes_no',
                  ),
                  q(
                    '…had to skip a meal because there was not enough money or other resources to get food?',
                    'yes_no',
                  ),
                  q(
                    '…ate less than you thought you should because of a lack of money or other resources?',
                    'yes_no',
                  ),
                  q(
                    '…your household ran out of food because of a lack of money or other resources?',
                    'yes_no',
                  ),
                  q(
                    '…were hungry but did not eat because there was not enough money or other resources for food?',
                    'yes_no',
                  ),
                  q(
                    '…went without eating for a whole day because of a lack of money or other resources?',
                    'yes_no',
                  ),
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
      impact('im1', 'Smallholder households are food secure and better nourished', {}),
    ],
    links: links(
      'a1>op1',
      'a2>op2',
      'a1>op2',
      'a3>op3',
      'a4>op4',
      'a3>op4',
      'op1>oc1',
      { link: 'op2>oc1', assumptions: 'Rainfall is within the normal range in most seasons.' },
      'op3>oc2',
      'op4>oc2',
      'oc1>oc2',
      'oc2>oc3',
      'oc3>im1',
    ),
  },
};
