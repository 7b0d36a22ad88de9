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

const STOVE = dim(
  'stove',
  'Stove/fuel',
  'LPG',
  'Electric (induction/e-pressure cooker)',
  'Biogas',
  'Ethanol',
  'Improved biomass (transitional)',
);

export const energyCleanCooking: LibraryEntry = {
  slug: 'energy-clean-cooking',
  kind: 'problem',
  sector: 'energy',
  title: 'Households cook with polluting fuels that harm health and forests',
  summary:
    'Cooking on open fires with wood and charcoal fills homes with smoke, costs women hours and drives deforestation. Clean stoves and fuels through local agents, pay-as-you-go finance and demonstrations, measured with sustained use, time and money saved and SDG 7.1.2.',
  template: {
    problem: {
      title: 'Households cook with polluting fuels that harm health and forests',
      statement:
        'The large majority of households in the target area rely on firewood or charcoal burned in open fires or inefficient stoves as their main cooking energy. Women and children are exposed daily to high levels of household air pollution, women and girls spend many hours a week collecting fuel, urban households spend a large share of income on charcoal, and fuelwood demand contributes to forest degradation.',
      rootCauses:
        'High upfront cost of clean stoves and LPG cylinders, and lumpy refill costs; thin distribution networks for LPG and electric cooking appliances in rural and peri-urban areas; unreliable electricity; habits and taste preferences; low awareness of the health effects of smoke; women, who do the cooking, rarely decide on household purchases.',
      populationWho:
        'Low- and middle-income households, especially the women and children most exposed to smoke',
      populationCount: null,
      geography: 'Peri-urban areas and market towns, with outreach to rural villages',
      evidence:
        'WHO fact sheet on household air pollution: exposure from cooking with polluting fuels and technologies causes millions of premature deaths each year, mostly among women and children, from pneumonia, stroke, heart disease and lung disease. Tracking SDG 7 (IEA, IRENA, UN Statistics Division, World Bank, WHO) reports that over two billion people still lack access to clean cooking. WHO indoor air quality guidelines for household fuel combustion classify LPG, electricity, biogas, natural gas, ethanol and solar as clean; most improved biomass stoves are transitional. SDG 7.1.2 tracks primary reliance on clean fuels and technology.',
    },
    elements: [
      activity('a1', 'Recruit and train local sales agents, prioritising women entrepreneurs', {
        description:
          'Agents are trained in product knowledge, safe installation and use, sales and after-sales service, and stocked on consignment by a distributor partner.',
        metrics: [
          metric({
            name: 'Sales agents trained and stocked',
            definition:
              'Number of sales agents who completed training and received a first stock of clean cooking products.',
            unit: 'agents',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('agents_trained', 'Agents trained and stocked', { starred: true })],
          }),
        ],
      }),
      activity('a2', 'Offer pay-as-you-go and instalment finance for stoves and fuel', {
        description:
          'With a distributor or microfinance partner: small deposits, weekly mobile-money instalments, smart meters for pay-as-you-go LPG or metered electric cooking.',
        risks: 'Repayment defaults make partners withdraw; fuel price rises after subsidy removal.',
        metrics: [
          metric({
            name: 'Households enrolled in pay-as-you-go or instalment plans',
            definition:
              'Number of households that signed a pay-as-you-go or instalment agreement for a clean stove or fuel supply in the period.',
            unit: 'households',
            type: 'count',
            disaggregations: [HOUSEHOLD_HEAD, STOVE],
            dataPoints: [dp('households_financed', 'Households enrolled', { starred: true })],
          }),
        ],
      }),
      activity('a3', 'Run cooking demonstrations and awareness sessions', {
        description:
          'Live cooking of local staple dishes on clean stoves at markets, schools, clinics and women’s groups, with messages on the health effects of smoke and on safe LPG use.',
        assumptions:
          'Clean stoves can cook local staple dishes acceptably (taste, pot size, stirring stiff porridges).',
        metrics: [
          metric({
            name: 'People attending cooking demonstrations',
            definition:
              'Number of people attending a live cooking demonstration, from attendance tallies.',
            unit: 'people',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('demo_attendees', 'Attendees', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Households acquire a clean cookstove', {
        metrics: [
          metric({
            name: 'Clean cookstoves sold and installed',
            definition:
              'Number of clean cookstoves (LPG, electric, biogas or ethanol) sold to households and installed or set up with a safety check, from sales records. Report improved biomass stoves separately as transitional technology.',
            unit: 'stoves',
            type: 'count',
            disaggregations: [STOVE, LOCATION],
            dataPoints: [dp('stoves_installed', 'Stoves sold and installed', { starred: true })],
          }),
        ],
      }),
      output('op2', 'Clean fuel and after-sales service are available close to home', {
        metrics: [
          metric({
            name: 'Percentage of stove owners within 30 minutes of a refill or service point',
            definition:
              'Numerator: households with a project-supplied stove who can reach an LPG refill point, fuel seller or repair/service agent within 30 minutes. Denominator: households with a project-supplied stove, from the customer database and agent locations.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('owners_near_service', 'stove_owners'),
            dataPoints: [
              dp('owners_near_service', 'Owners within 30 minutes of a service point', {
                starred: true,
              }),
              dp('stove_owners', 'Households with a project stove'),
            ],
          }),
        ],
      }),
      output(
        'op3',
        'Households know the health risks of smoke and how to cook safely with clean fuels',
        {
          metrics: [
            metric({
              name: 'Households receiving a home safety and use visit',
              definition:
                'Number of new stove owners visited by an agent within 2 weeks of purchase to check installation and show safe use and maintenance.',
              unit: 'households',
              type: 'count',
              dataPoints: [dp('safety_visits', 'Households visited', { starred: true })],
            }),
          ],
        },
      ),
      outcome('oc1', 'short', 'Households use the clean stove for most of their cooking', {
        assumptions:
          'Households can afford refills regularly; most keep some traditional cooking (“stacking”) but it falls over time.',
        metrics: [
          metric({
            name: 'Percentage of stove owners using the clean stove as their main stove',
            definition:
              'Numerator: households with a project stove who report it as the stove used for most cooking in the last 7 days (verify on a sub-sample with stove use monitors or fuel refill records). Denominator: households with a project stove surveyed 3–6 months after purchase.',
            unit: '%',
            type: 'percentage',
            disaggregations: [STOVE, HOUSEHOLD_HEAD],
            formula: percentOf('owners_primary_use', 'owners_surveyed'),
            dataPoints: [
              dp('owners_primary_use', 'Owners using the clean stove most', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'In the last 7 days, which stove did your household use for most of the cooking?',
                    'single_choice',
                    {
                      choices: [
                        'The new clean stove',
                        'Traditional three-stone fire',
                        'Charcoal stove',
                        'Other stove',
                      ],
                    },
                  ),
                  q('In the last 7 days, on how many days was the new stove used?', 'integer', {
                    helpText: '0–7',
                  }),
                ],
              }),
              dp('owners_surveyed', 'Stove owners surveyed', {
                aggregation: 'count',
                questions: [q('When did you buy the stove?', 'date')],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Women spend less time and money on cooking fuel', {
        metrics: [
          metric({
            name: 'Average weekly hours spent collecting firewood',
            definition:
              'Mean hours per week household members (report women and girls separately) spend collecting firewood, from a 7-day recall among stove owners.',
            unit: 'hours per week',
            type: 'number',
            direction: 'decrease',
            disaggregations: [SEX],
            dataPoints: [
              dp('hours_fuelwood', 'Hours collecting firewood last week', {
                starred: true,
                aggregation: 'average',
                questions: [
                  q(
                    'In the last 7 days, how many hours in total did members of your household spend collecting firewood?',
                    'number',
                    { helpText: 'Ask separately for women/girls and men/boys.' },
                  ),
                ],
              }),
            ],
          }),
          metric({
            name: 'Average monthly household spending on cooking fuel',
            definition:
              'Mean household spending on all cooking fuels (firewood, charcoal, LPG, electricity for cooking, kerosene) in the last 30 days, in local currency.',
            unit: 'local currency per month',
            type: 'currency',
            direction: 'decrease',
            dataPoints: [
              dp('fuel_spend', 'Spending on cooking fuel last 30 days', {
                starred: true,
                aggregation: 'average',
                questions: [
                  q(
                    'In the last 30 days, how much did your household spend on fuel for cooking, all types together?',
                    'number',
                  ),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome(
        'oc3',
        'long',
        'More households rely primarily on clean cooking fuels and technologies',
        {
          metrics: [
            metric({
              name: 'Proportion of population with primary reliance on clean fuels and technology for cooking',
              definition:
                'Numerator: people living in surveyed households whose main cooking fuel and stove are clean under WHO guidelines (electricity, LPG, natural gas, biogas, solar, alcohol/ethanol). Denominator: people living in surveyed households. Collect as households and multiply by household size.',
              unit: '%',
              type: 'percentage',
              period: 'annual',
              disaggregations: [LOCATION],
              standardRef: 'SDG 7.1.2',
              formula: percentOf('people_clean_cooking', 'people_surveyed'),
              dataPoints: [
                dp('people_clean_cooking', 'People in households cooking mainly with clean fuels', {
                  starred: true,
                  questions: [
                    q(
                      'What type of fuel or energy source does your household mainly use for cooking?',
                      'single_choice',
                      {
                        choices: [
                          'Electricity',
                          'LPG/cooking gas',
                          'Natural gas',
                          'Biogas',
                          'Alcohol/ethanol',
                          'Solar cooker',
                          'Kerosene',
                          'Charcoal',
                          'Wood',
                          'Crop residue/dung',
                          'Other',
                        ],
                      },
                    ),
                  ],
                }),
                dp('people_surveyed', 'People in surveyed households', {
                  questions: [q('How many people usually live in this household?', 'integer')],
                }),
              ],
            }),
          ],
        },
      ),
      impact(
        'im1',
        'Families breathe cleaner air, women gain time, and pressure on forests falls',
        {},
      ),
    ],
    links: links(
      'a1>op1',
      'a2>op1',
      'a1>op2',
      'a3>op3',
      'a1>op3',
      'op1>oc1',
      { link: 'op2>oc1', assumptions: 'Refill prices stay affordable relative to charcoal.' },
      'op3>oc1',
      'oc1>oc2',
      'oc1>oc3',
      'oc2>im1',
      'oc3>im1',
    ),
  },
};
