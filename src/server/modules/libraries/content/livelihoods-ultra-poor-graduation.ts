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

const ENTERPRISE = dim(
  'enterprise',
  'Enterprise type',
  'Small livestock',
  'Petty trade',
  'Crop production',
  'Services/crafts',
  'Other',
);

export const livelihoodsUltraPoorGraduation: LibraryEntry = {
  slug: 'livelihoods-ultra-poor-graduation',
  kind: 'problem',
  sector: 'livelihoods',
  title: 'Ultra-poor households have no secure source of income',
  summary:
    'The poorest households depend on irregular casual labour, own almost no productive assets and are skipped by most programmes. A graduation approach — consumption support, an asset transfer, skills training, coaching and savings — measured with income, assets, consumption and graduation criteria.',
  template: {
    problem: {
      title: 'Ultra-poor households have no secure source of income',
      statement:
        'A substantial group of households in the target communities lives far below the national poverty line. They rely on irregular daily labour, own no productive assets, regularly go without meals, and are often headed by women, widows or people with disabilities. Microfinance and most livelihood programmes do not reach them.',
      rootCauses:
        'No productive assets or savings to start an enterprise; no buffer against illness or bad seasons, which forces distress sales; low skills and confidence; social exclusion from community networks and services; poor health and high dependency ratios.',
      populationWho:
        'Ultra-poor households identified through participatory wealth ranking and verification, prioritising female-headed households',
      populationCount: null,
      geography: 'Rural and peri-urban communities with high extreme poverty',
      evidence:
        'Banerjee et al. (2015, Science), “A multifaceted program causes lasting progress for the very poor: evidence from six countries”: the graduation approach raised consumption, assets and food security, with effects lasting after the programme. BRAC’s Targeting the Ultra Poor programme and the Partnership for Economic Inclusion (World Bank) document the approach. SDG 1.1.1 tracks extreme poverty at national level.',
    },
    elements: [
      activity(
        'a1',
        'Identify ultra-poor households through participatory wealth ranking and verification',
        {
          description:
            'Community wealth ranking followed by a household verification visit against transparent criteria (no productive assets, no regular income, irregular meals, no adult male earner or a member with disability).',
          risks: 'Elite capture or inclusion of non-poor relatives of local leaders.',
          metrics: [
            metric({
              name: 'Households enrolled after verification',
              definition:
                'Number of households that met the ultra-poor criteria at the verification visit and were enrolled in the programme.',
              unit: 'households',
              type: 'count',
              disaggregations: [HOUSEHOLD_HEAD],
              dataPoints: [dp('households_enrolled', 'Households enrolled', { starred: true })],
            }),
          ],
        },
      ),
      activity('a2', 'Provide time-bound consumption support', {
        description:
          'Monthly cash transfers for 6–12 months so households can eat regularly and protect the asset while the enterprise starts.',
        metrics: [
          metric({
            name: 'Consumption support transfers paid on time',
            definition:
              'Numerator: scheduled monthly transfers paid to enrolled households within 5 days of the due date. Denominator: scheduled transfers due in the period.',
            unit: '%',
            type: 'percentage',
            period: 'monthly',
            formula: percentOf('transfers_on_time', 'transfers_due'),
            dataPoints: [
              dp('transfers_on_time', 'Transfers paid on time', { starred: true }),
              dp('transfers_due', 'Transfers due'),
            ],
          }),
        ],
      }),
      activity('a3', 'Transfer a productive asset with enterprise skills training', {
        description:
          'Each participant chooses an enterprise from a market-assessed menu (e.g. goats, poultry, petty trade stock) and receives the asset plus technical and business training.',
        assumptions: 'Local markets can absorb additional products without prices collapsing.',
        metrics: [
          metric({
            name: 'Participants receiving a productive asset and enterprise training',
            definition:
              'Number of participants who received their chosen productive asset and completed the enterprise-specific technical training.',
            unit: 'participants',
            type: 'count',
            disaggregations: [SEX, ENTERPRISE],
            dataPoints: [
              dp('assets_transferred', 'Participants with asset and training', { starred: true }),
            ],
          }),
        ],
      }),
      activity('a4', 'Coach households fortnightly and link them to savings groups and services', {
        description:
          'Coaches visit every household at least twice a month for 18–24 months: enterprise advice, confidence, health and nutrition messages, and links to savings groups, health insurance and social protection.',
        risks: 'High coach caseloads reduce visit quality.',
        metrics: [
          metric({
            name: 'Coaching visits completed',
            definition:
              'Number of household coaching visits recorded in the case management system in the period.',
            unit: 'visits',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('coaching_visits', 'Coaching visits recorded', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Households run an enterprise with a productive asset', {
        metrics: [
          metric({
            name: 'Percentage of participants with an operating enterprise',
            definition:
              'Numerator: participants whose enterprise is operating at the coaching check (asset or stock retained or grown, sales or production in the last month). Denominator: participants who received an asset.',
            unit: '%',
            type: 'percentage',
            disaggregations: [ENTERPRISE],
            formula: percentOf('enterprises_operating', 'participants_with_asset'),
            dataPoints: [
              dp('enterprises_operating', 'Enterprises operating', { starred: true }),
              dp('participants_with_asset', 'Participants who received an asset'),
            ],
          }),
        ],
      }),
      output('op2', 'Households save regularly', {
        metrics: [
          metric({
            name: 'Participants saving regularly',
            definition:
              'Number of participants who saved in a savings group or account at least twice a month in the last three months, from group records or the coaching checklist.',
            unit: 'participants',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('regular_savers', 'Participants saving regularly', { starred: true })],
          }),
        ],
      }),
      output('op3', 'Households are connected to public services and social protection', {
        metrics: [
          metric({
            name: 'Households linked to at least one public service or social protection scheme',
            definition:
              'Number of participant households newly enrolled in health insurance, a social protection programme, birth registration or a similar entitlement during the programme.',
            unit: 'households',
            type: 'count',
            dataPoints: [
              dp('households_linked', 'Households newly enrolled in a service', { starred: true }),
            ],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Households eat regularly and no longer sell assets to survive', {
        metrics: [
          metric({
            name: 'Percentage of households eating at least two meals a day in the last 7 days',
            definition:
              'Numerator: participant households in which all members ate at least two meals every day in the 7 days before the visit. Denominator: participant households surveyed.',
            unit: '%',
            type: 'percentage',
            disaggregations: [HOUSEHOLD_HEAD],
            formula: percentOf('households_two_meals', 'households_surveyed'),
            dataPoints: [
              dp('households_two_meals', 'Households with two or more meals every day', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'In the last 7 days, on how many days did all household members eat at least two meals?',
                    'integer',
                    { helpText: '0–7. Count 7 to meet the criterion.' },
                  ),
                ],
              }),
              dp('households_surveyed', 'Households surveyed', {
                aggregation: 'count',
                questions: [q('Household identifier', 'text')],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Household income and productive assets increase', {
        assumptions:
          'No widespread livestock disease, drought or price shock during the asset-building period.',
        metrics: [
          metric({
            name: 'Average monthly household income',
            definition:
              'Mean total cash and in-kind income of participant households in the last 30 days, in local currency, from all sources (enterprise profit, wages, transfers), collected with a structured income module.',
            unit: 'local currency per month',
            type: 'currency',
            period: 'annual',
            disaggregations: [HOUSEHOLD_HEAD],
            dataPoints: [
              dp('monthly_income', 'Household income in the last 30 days', {
                starred: true,
                aggregation: 'average',
                questions: [
                  q(
                    'In the last 30 days, how much did your household earn from your enterprise, after paying for inputs and stock?',
                    'number',
                  ),
                  q(
                    'In the last 30 days, how much did household members earn from wages or casual labour?',
                    'number',
                  ),
                  q(
                    'In the last 30 days, how much did your household receive from transfers, remittances or gifts?',
                    'number',
                  ),
                ],
              }),
            ],
          }),
          metric({
            name: 'Average value of productive assets per household',
            definition:
              'Mean current market value of the household’s productive assets (livestock, tools, stock, equipment), in local currency, valued at local prices at the time of the survey.',
            unit: 'local currency',
            type: 'currency',
            period: 'annual',
            dataPoints: [
              dp('asset_value', 'Value of productive assets', {
                starred: true,
                aggregation: 'average',
                questions: [
                  q(
                    'How many of each of these does your household own now? (goats, sheep, cattle, poultry, trading stock, tools)',
                    'long_text',
                    { helpText: 'Enumerator values each item at the local reference price list.' },
                  ),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Households graduate from extreme poverty and sustain their gains', {
        metrics: [
          metric({
            name: 'Percentage of households meeting all graduation criteria',
            definition:
              'Numerator: participant households meeting all locally agreed graduation criteria at the end of the programme (e.g. two or more income sources, assets above a set value, regular savings, two meals a day, children of school age in school). Denominator: participant households assessed.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [HOUSEHOLD_HEAD],
            formula: percentOf('households_graduated', 'households_assessed'),
            dataPoints: [
              dp('households_graduated', 'Households meeting all criteria', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Which graduation criteria does the household meet today?', 'multiple_choice', {
                    choices: [
                      'Two or more income sources',
                      'Productive assets above the threshold',
                      'Saving regularly',
                      'Two meals a day',
                      'School-age children attending school',
                      'Access to health care when needed',
                    ],
                  }),
                ],
              }),
              dp('households_assessed', 'Households assessed', {
                aggregation: 'count',
                questions: [q('Date of the graduation assessment', 'date')],
              }),
            ],
          }),
        ],
      }),
      impact('im1', 'Fewer households live in extreme poverty', {}),
    ],
    links: links(
      'a3>op1',
      'a4>op1',
      'a4>op2',
      'a4>op3',
      'a1>op1',
      {
        link: 'a2>op1',
        assumptions:
          'With food secured, households keep the asset instead of selling or eating it.',
      },
      'op1>oc2',
      'op2>oc1',
      'op3>oc1',
      {
        link: 'op2>oc2',
        assumptions: 'Savings are reinvested in the enterprise rather than only consumed.',
      },
      'oc1>oc2',
      'oc2>oc3',
      'oc3>im1',
    ),
  },
};
