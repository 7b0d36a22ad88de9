import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  age,
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
  YES_NO_DK,
} from './builders.js';

const FOOD_GROUPS = [
  'Breast milk',
  'Grains, roots, tubers and plantains',
  'Pulses (beans, peas, lentils), nuts and seeds',
  'Dairy products (milk, infant formula, yogurt, cheese)',
  'Flesh foods (meat, fish, poultry, organ meats)',
  'Eggs',
  'Vitamin A-rich fruits and vegetables',
  'Other fruits and vegetables',
];

export const nutritionChildStunting: LibraryEntry = {
  slug: 'nutrition-child-stunting',
  kind: 'problem',
  sector: 'nutrition',
  title: 'Young children are stunted by poor diets in the first 1,000 days',
  summary:
    'Children under two eat too few food groups and mothers get little support to breastfeed, so many are stunted by age two. IYCF counselling, growth monitoring, home gardens and supplements, measured with WHO/UNICEF feeding indicators and stunting (SDG 2.2.1).',
  template: {
    problem: {
      title: 'Young children are stunted by poor diets in the first 1,000 days',
      statement:
        'A high share of children under five in the target area are stunted (height-for-age more than two standard deviations below the WHO Child Growth Standards median). Most children aged 6–23 months do not receive a minimum diverse diet, exclusive breastfeeding to six months is uncommon, and pregnant women have poor diets and anaemia.',
      rootCauses:
        'Low knowledge of recommended feeding practices and beliefs that restrict some foods for young children; limited access to affordable animal-source foods, fruits and vegetables, especially in the lean season; women’s heavy workloads leave little time for feeding and care; frequent diarrhoea and infections from poor water and sanitation; weak growth monitoring and counselling at health facilities.',
      populationWho:
        'Pregnant and breastfeeding women, children aged 0–23 months and their caregivers',
      populationCount: null,
      geography: 'Rural districts with high stunting prevalence',
      evidence:
        'WHO Child Growth Standards; WHO/UNICEF indicators for assessing infant and young child feeding practices (2021), which define minimum dietary diversity as at least 5 of 8 food groups. The Lancet Maternal and Child Nutrition Series (2008, 2013) on the first 1,000 days. SDG 2.2.1 tracks stunting prevalence. Local evidence: DHS/MICS or SMART anthropometric survey.',
    },
    elements: [
      activity(
        'a1',
        'Run mother-to-mother support groups and home counselling on infant and young child feeding',
        {
          description:
            'Trained community volunteers lead monthly groups and home visits on exclusive breastfeeding, timely complementary feeding, food diversity and responsive feeding, using UNICEF IYCF counselling cards.',
          assumptions:
            'Husbands and grandmothers, who influence feeding decisions, are reached too.',
          metrics: [
            metric({
              name: 'Caregivers attending IYCF counselling',
              definition:
                'Number of pregnant women and caregivers of children under two who attended at least one support-group session or home counselling visit in the period. Count each person once per period.',
              unit: 'caregivers',
              type: 'count',
              disaggregations: [SEX, age('Under 18', '18–24', '25+')],
              dataPoints: [dp('caregivers_counselled', 'Caregivers counselled', { starred: true })],
            }),
          ],
        },
      ),
      activity('a2', 'Hold monthly community growth monitoring and promotion sessions', {
        description:
          'Children under two are weighed and measured; faltering growth triggers counselling and referral; MUAC screening identifies acute malnutrition.',
        metrics: [
          metric({
            name: 'Growth monitoring and promotion sessions held',
            definition:
              'Number of community growth monitoring sessions held with calibrated scales and length boards and a trained volunteer or health worker present.',
            unit: 'sessions',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('gmp_sessions', 'Sessions held', { starred: true })],
          }),
        ],
      }),
      activity('a3', 'Support homestead food production and small livestock', {
        description:
          'Seeds and training for kitchen gardens with vitamin A-rich vegetables, and poultry for eggs, prioritising households with children under two.',
        risks: 'Drought or poultry disease wipes out gardens and flocks.',
        metrics: [
          metric({
            name: 'Households given garden inputs or poultry',
            definition:
              'Number of households with a pregnant woman or a child under two who received seeds, tools or laying hens and the associated training in the period.',
            unit: 'households',
            type: 'count',
            disaggregations: [HOUSEHOLD_HEAD],
            dataPoints: [dp('households_supported', 'Households supported', { starred: true })],
          }),
        ],
      }),
      activity('a4', 'Distribute micronutrient supplements through the health system', {
        description:
          'Iron–folic acid for pregnant women and micronutrient powders or vitamin A for young children, through antenatal care and child health days.',
        risks: 'Supply interruptions in the national supply chain.',
        metrics: [
          metric({
            name: 'Micronutrient supplement distributions recorded',
            definition:
              'Number of supplement distributions (iron–folic acid packs to pregnant women, vitamin A or micronutrient powder sachets to children) recorded in antenatal and child health registers in the period.',
            unit: 'distributions',
            type: 'count',
            disaggregations: [
              dim(
                'supplement',
                'Supplement',
                'Iron–folic acid',
                'Vitamin A',
                'Micronutrient powder',
              ),
            ],
            dataPoints: [
              dp('supplement_distributions', 'Distributions recorded', { starred: true }),
            ],
          }),
        ],
      }),
      output('op1', 'Caregivers are counselled on recommended infant and young child feeding', {
        metrics: [
          metric({
            name: 'Percentage of registered pregnant women and caregivers of children under two reached with IYCF counselling',
            definition:
              'Numerator: registered pregnant women and caregivers of children 0–23 months who attended at least 3 counselling contacts (group or home visit) in the quarter. Denominator: registered pregnant women and caregivers of children 0–23 months in the catchment.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('caregivers_3_contacts', 'caregivers_registered'),
            dataPoints: [
              dp('caregivers_3_contacts', 'Caregivers with ≥3 counselling contacts', {
                starred: true,
              }),
              dp('caregivers_registered', 'Registered caregivers and pregnant women'),
            ],
          }),
        ],
      }),
      output(
        'op2',
        'Children under two are monitored monthly and those with faltering growth are followed up',
        {
          metrics: [
            metric({
              name: 'Children under two weighed and measured in the month',
              definition:
                'Number of children aged 0–23 months weighed and measured at a growth monitoring session in the month (growth monitoring register).',
              unit: 'children',
              type: 'count',
              period: 'monthly',
              disaggregations: [SEX, age('0–5 months', '6–11 months', '12–23 months')],
              dataPoints: [dp('children_monitored', 'Children monitored', { starred: true })],
            }),
          ],
        },
      ),
      output('op3', 'Households produce nutrient-rich foods at home', {
        metrics: [
          metric({
            name: 'Households with a productive kitchen garden or laying poultry',
            definition:
              'Number of supported households which, at a follow-up visit, have a kitchen garden with at least 3 vegetable species growing or at least 3 laying hens.',
            unit: 'households',
            type: 'count',
            dataPoints: [dp('households_producing', 'Households producing', { starred: true })],
          }),
        ],
      }),
      output('op4', 'Pregnant women and young children receive micronutrient supplements', {
        metrics: [
          metric({
            name: 'Pregnant women receiving at least 90 days of iron–folic acid',
            definition:
              'Number of pregnant women who received a cumulative supply of at least 90 iron–folic acid tablets during pregnancy, from antenatal care records, in the period.',
            unit: 'women',
            type: 'count',
            dataPoints: [dp('women_ifa90', 'Women with ≥90 IFA tablets', { starred: true })],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Infants under six months are exclusively breastfed', {
        metrics: [
          metric({
            name: 'Exclusive breastfeeding under six months',
            definition:
              'Numerator: infants 0–5 months who received only breast milk during the previous day (24-hour recall; ORS, drops and syrups allowed). Denominator: infants 0–5 months surveyed. WHO/UNICEF IYCF indicator EBF.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX],
            formula: percentOf('infants_ebf', 'infants_0_5m'),
            dataPoints: [
              dp('infants_ebf', 'Infants exclusively breastfed yesterday', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Was (name) breastfed yesterday during the day or at night?', 'single_choice', {
                    choices: YES_NO_DK,
                  }),
                  q(
                    'Yesterday, did (name) drink or eat anything other than breast milk, such as water, formula, animal milk, juice, porridge or any other food?',
                    'single_choice',
                    { choices: YES_NO_DK },
                  ),
                ],
              }),
              dp('infants_0_5m', 'Infants aged 0–5 months', {
                aggregation: 'count',
                questions: [q('Child’s date of birth', 'date')],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Children aged 6–23 months eat a diverse diet', {
        metrics: [
          metric({
            name: 'Minimum dietary diversity for children aged 6–23 months',
            definition:
              'Numerator: children 6–23 months who consumed foods and beverages from at least 5 of 8 defined food groups during the previous day (24-hour recall). Denominator: children 6–23 months surveyed. WHO/UNICEF IYCF indicator MDD (2021).',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX, age('6–11 months', '12–17 months', '18–23 months')],
            formula: percentOf('children_mdd', 'children_6_23m'),
            dataPoints: [
              dp('children_mdd', 'Children eating ≥5 of 8 food groups', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Yesterday, during the day or night, which of these did (name) eat or drink?',
                    'multiple_choice',
                    {
                      choices: FOOD_GROUPS,
                      helpText:
                        'Read each group with local examples. Count the groups ticked; 5 or more meets the minimum.',
                    },
                  ),
                ],
              }),
              dp('children_6_23m', 'Children aged 6–23 months', {
                aggregation: 'count',
                questions: [q('Child’s date of birth', 'date')],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Fewer children are stunted', {
        assumptions:
          'Infection rates do not rise (e.g. through a cholera outbreak or failing sanitation), which would undo dietary gains.',
        metrics: [
          metric({
            name: 'Prevalence of stunting among children under five',
            definition:
              'Numerator: children 0–59 months whose height/length-for-age z-score is below −2 SD of the WHO Child Growth Standards median. Denominator: children 0–59 months with a valid measurement. Measured by trained enumerators with calibrated length boards.',
            unit: '%',
            type: 'percentage',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [SEX, age('0–23 months', '24–59 months'), LOCATION],
            standardRef: 'SDG 2.2.1',
            formula: percentOf('children_stunted', 'children_measured'),
            dataPoints: [
              dp('children_stunted', 'Children with HAZ < −2 SD', {
                starred: true,
                description:
                  'Compute height-for-age z-scores from age in days, sex and length/height with WHO Anthro (or equivalent), excluding flagged implausible values; count children below −2 SD.',
                aggregation: 'count',
                questions: [
                  q('Child’s length/height in centimetres', 'number', {
                    helpText:
                      'Measure lying down under 24 months, standing from 24 months. Record to 0.1 cm.',
                  }),
                ],
              }),
              dp('children_measured', 'Children with a valid measurement', {
                aggregation: 'count',
                questions: [
                  q('Was the child measured lying down or standing?', 'single_choice', {
                    choices: ['Lying down (length)', 'Standing (height)', 'Not measured'],
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
      impact('im1', 'Children reach their full physical and cognitive potential', {
        description:
          'Better growth in the first 1,000 days contributes to lower child mortality, better school performance and higher adult earnings.',
      }),
    ],
    links: links(
      'a1>op1',
      'a2>op2',
      'a1>op2',
      'a3>op3',
      'a4>op4',
      'op1>oc1',
      'op2>oc1',
      {
        link: 'op3>oc2',
        assumptions:
          'Households give garden produce and eggs to young children rather than selling all of it.',
      },
      'op1>oc2',
      'op4>oc3',
      'oc1>oc3',
      'oc2>oc3',
      'oc3>im1',
    ),
  },
};
