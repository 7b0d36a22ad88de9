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

const HAZARD = dim('hazard', 'Hazard', 'Drought', 'Flood', 'Storm', 'Other');

export const climateDroughtFloodResilience: LibraryEntry = {
  slug: 'climate-drought-flood-resilience',
  kind: 'problem',
  sector: 'climate',
  title: 'Communities lose lives and livelihoods to recurrent droughts and floods',
  summary:
    'Recurrent droughts and floods destroy harvests and livestock, and households barely recover before the next shock. Early warning and anticipatory action, local DRR plans, land restoration and climate-smart farming, measured with early action, coping and recovery.',
  template: {
    problem: {
      title: 'Communities lose lives and livelihoods to recurrent droughts and floods',
      statement:
        'Rural communities in the target area face droughts and floods more often and more severely than a generation ago. Warnings, when they exist, arrive late or are not understood; households lose crops and livestock, cut meals, sell assets and take children out of school, and many have not recovered from one shock before the next arrives.',
      rootCauses:
        'No functioning community early warning system or anticipatory plans; local governments without disaster risk reduction plans or budgets; degraded watersheds (deforestation, overgrazing) that increase run-off and reduce water retention; reliance on rain-fed crops and varieties poorly suited to shorter seasons; few savings or insurance to absorb losses; women and people with disabilities left out of planning.',
      populationWho:
        'Smallholder, agro-pastoral and fishing households in hazard-prone communities, with attention to women, older people and people with disabilities',
      populationCount: null,
      geography: 'Drought- and flood-prone rural districts and river basins',
      evidence:
        'IPCC Sixth Assessment Report (Working Group II, 2022): climate change is increasing the frequency and intensity of droughts and heavy rainfall in many regions, with the greatest impacts on poor rural populations. The Sendai Framework for Disaster Risk Reduction 2015–2030 calls for multi-hazard early warning systems and local DRR strategies (SDG 13.1.3). Evaluations of anticipatory action (e.g. by FAO, WFP and the Red Cross Red Crescent) show that acting before a forecast shock protects assets at lower cost than responding after it.',
    },
    elements: [
      activity('a1', 'Set up a community-based early warning and anticipatory action system', {
        description:
          'Link national meteorological and hydrological forecasts to community alert committees; agree triggers and pre-planned early actions; disseminate by SMS, radio, loudspeakers and volunteers, in accessible formats.',
        risks:
          'Forecast skill is low for the location; mobile network coverage fails during storms.',
        metrics: [
          metric({
            name: 'Communities with an operational early warning committee and agreed triggers',
            definition:
              'Number of communities with a trained early warning committee, agreed forecast triggers and a dissemination plan tested in a drill in the last 12 months.',
            unit: 'communities',
            type: 'count',
            dataPoints: [
              dp('communities_ews', 'Communities with an operational system', { starred: true }),
            ],
          }),
        ],
      }),
      activity(
        'a2',
        'Support local governments and communities to prepare disaster risk reduction plans',
        {
          description:
            'Participatory hazard, vulnerability and capacity assessments; DRR and contingency plans adopted by the local government with a budget line; inclusion of women’s groups and organisations of persons with disabilities.',
          assumptions:
            'Local officials remain in post and the plans are funded in the local budget.',
          metrics: [
            metric({
              name: 'Participatory risk assessments completed',
              definition:
                'Number of communities that completed a participatory hazard, vulnerability and capacity assessment with women and people with disabilities represented.',
              unit: 'assessments',
              type: 'count',
              dataPoints: [dp('assessments_completed', 'Assessments completed', { starred: true })],
            }),
          ],
        },
      ),
      activity('a3', 'Restore degraded land and build water harvesting through community works', {
        description:
          'Cash-for-work or community labour for terraces, half-moons, check dams, tree planting and flood diversion, selected in the risk assessment.',
        metrics: [
          metric({
            name: 'Workdays of community labour on restoration works',
            definition:
              'Number of person-days worked on land restoration, water harvesting and flood protection works, from work registers.',
            unit: 'person-days',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('workdays', 'Person-days worked', { starred: true })],
          }),
        ],
      }),
      activity('a4', 'Train farmers in climate-smart practices and provide drought-tolerant seed', {
        description:
          'Demonstrations of conservation agriculture, early-maturing and drought-tolerant varieties, fodder banks and diversified livelihoods, linked to seasonal forecasts.',
        metrics: [
          metric({
            name: 'Farmers trained in climate-smart practices',
            definition:
              'Number of farmers who completed the climate-smart agriculture training cycle for the season.',
            unit: 'farmers',
            type: 'count',
            period: 'annual',
            disaggregations: [SEX],
            dataPoints: [dp('farmers_trained', 'Farmers trained', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Households receive early warnings in time to act', {
        metrics: [
          metric({
            name: 'Households receiving an early warning at least 72 hours before a hazard event',
            definition:
              'Number of households in covered communities confirmed (post-event check) to have received a warning through any channel at least 72 hours before a flood or storm, or before the trigger date for drought actions.',
            unit: 'households',
            type: 'count',
            disaggregations: [HOUSEHOLD_HEAD, HAZARD],
            dataPoints: [dp('households_warned', 'Households warned in time', { starred: true })],
          }),
        ],
      }),
      output('op2', 'Local governments adopt and fund disaster risk reduction plans', {
        metrics: [
          metric({
            name: 'Proportion of target local governments that adopt and implement local DRR strategies',
            definition:
              'Numerator: target local governments with a DRR strategy or plan formally adopted, aligned with the national DRR strategy, and with a budget allocation in the current year. Denominator: target local governments.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            standardRef: 'SDG 13.1.3',
            formula: percentOf('lgs_with_plan', 'lgs_target'),
            dataPoints: [
              dp('lgs_with_plan', 'Local governments with an adopted, funded plan', {
                starred: true,
              }),
              dp('lgs_target', 'Target local governments'),
            ],
          }),
        ],
      }),
      output('op3', 'Degraded land is restored and water harvesting structures are in place', {
        metrics: [
          metric({
            name: 'Hectares of land under restoration or water harvesting',
            definition:
              'Area in hectares treated with soil and water conservation, water harvesting or reforestation measures and verified by GPS mapping.',
            unit: 'hectares',
            type: 'number',
            period: 'annual',
            dataPoints: [dp('hectares_restored', 'Hectares treated', { starred: true })],
          }),
        ],
      }),
      output('op4', 'Farmers plant drought-tolerant varieties and use climate-smart practices', {
        metrics: [
          metric({
            name: 'Trained farmers applying at least two climate-smart practices',
            definition:
              'Number of trained farmers observed at a plot visit using at least two promoted practices (drought-tolerant or early-maturing seed, mulching/minimum tillage, water harvesting on the plot, fodder storage, crop diversification).',
            unit: 'farmers',
            type: 'count',
            period: 'annual',
            disaggregations: [SEX],
            dataPoints: [
              dp('farmers_applying', 'Farmers applying ≥2 practices', { starred: true }),
            ],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Households take early action when a warning is issued', {
        assumptions:
          'Households have the means (transport, savings, a safe place) to act on a warning.',
        metrics: [
          metric({
            name: 'Percentage of warned households that took at least one protective action before the hazard',
            definition:
              'Numerator: households that received a warning and took at least one protective action before the event (moved livestock or assets, harvested early, stored food/water, evacuated, sold livestock early). Denominator: households that received a warning. Post-event survey.',
            unit: '%',
            type: 'percentage',
            disaggregations: [HOUSEHOLD_HEAD, HAZARD],
            formula: percentOf('households_acted', 'households_warned_surveyed'),
            dataPoints: [
              dp('households_acted', 'Households that took early action', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'What did your household do after receiving the warning and before the (flood/drought/storm)?',
                    'multiple_choice',
                    {
                      choices: [
                        'Moved livestock',
                        'Moved household goods to safety',
                        'Harvested early',
                        'Stored food or water',
                        'Evacuated people',
                        'Sold livestock early',
                        'Nothing',
                        'Other',
                      ],
                    },
                  ),
                ],
              }),
              dp('households_warned_surveyed', 'Households that received a warning', {
                aggregation: 'count',
                questions: [
                  q(
                    'Did your household receive a warning before the (flood/drought/storm)?',
                    'single_choice',
                    { choices: ['Yes', 'No', "Don't know"] },
                  ),
                  q('How did you receive it?', 'multiple_choice', {
                    choices: [
                      'SMS',
                      'Radio',
                      'Loudspeaker/siren',
                      'Volunteer or leader',
                      'Neighbour',
                      'Other',
                    ],
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Households rely less on harmful coping strategies during shocks', {
        metrics: [
          metric({
            name: 'Average reduced Coping Strategies Index (rCSI)',
            definition:
              'Mean household rCSI score: the number of days in the past 7 on which the household used each of five food-based coping strategies, weighted (less preferred foods ×1, borrowing food ×2, limiting portions ×1, adults eating less so children can eat ×3, fewer meals ×1). Range 0–56; higher means more stress. WFP standard.',
            unit: 'index points (0–56)',
            type: 'number',
            direction: 'decrease',
            disaggregations: [HOUSEHOLD_HEAD],
            dataPoints: [
              dp('rcsi_score', 'Household rCSI score', {
                starred: true,
                aggregation: 'average',
                questions: [
                  q(
                    'In the past 7 days, on how many days did your household rely on less preferred or less expensive food?',
                    'integer',
                  ),
                  q('…borrow food or rely on help from friends or relatives?', 'integer'),
                  q('…limit portion size at mealtimes?', 'integer'),
                  q('…restrict consumption by adults so that small children could eat?', 'integer'),
                  q('…reduce the number of meals eaten in a day?', 'integer'),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Households recover quickly from climate shocks', {
        assumptions:
          'Shocks do not become so frequent or severe that they exceed what local adaptation can absorb.',
        metrics: [
          metric({
            name: 'Percentage of shock-affected households that have recovered within 12 months',
            definition:
              'Numerator: households affected by a drought, flood or storm in the past 12–24 months that report their food consumption and income are now the same as or better than before the shock. Denominator: shock-affected households surveyed.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [HOUSEHOLD_HEAD, HAZARD],
            formula: percentOf('households_recovered', 'households_affected'),
            dataPoints: [
              dp('households_recovered', 'Households recovered', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Compared with before the (shock), is your household’s ability to meet its food and income needs now…',
                    'single_choice',
                    {
                      choices: [
                        'Better than before',
                        'The same as before',
                        'Somewhat worse',
                        'Much worse',
                        'Not recovered at all',
                      ],
                    },
                  ),
                ],
              }),
              dp('households_affected', 'Shock-affected households surveyed', {
                aggregation: 'count',
                questions: [
                  q(
                    'In the past 2 years, was your household affected by a drought, flood or storm?',
                    'single_choice',
                    { choices: ['Drought', 'Flood', 'Storm', 'More than one', 'None'] },
                  ),
                ],
              }),
            ],
          }),
        ],
      }),
      impact(
        'im1',
        'Communities withstand climate shocks without losing lives, livelihoods or development gains',
        {},
      ),
    ],
    links: links(
      'a1>op1',
      'a2>op2',
      'a2>op1',
      'a3>op3',
      'a4>op4',
      'op1>oc1',
      { link: 'op2>oc1', assumptions: 'DRR plans fund the early actions agreed in them.' },
      'op2>oc3',
      'op3>oc2',
      {
        link: 'op4>oc2',
        assumptions:
          'Seed of adapted varieties remains available and affordable after the project.',
      },
      'oc1>oc2',
      'oc2>oc3',
      'oc3>im1',
    ),
  },
};
