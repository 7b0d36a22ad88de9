import type { LibraryEntry } from '../library-entry.js';
import { activity, age, dim, dp, links, metric, output, percentOf, q, SEX } from './builders.js';

export const climateSmartFieldSchoolsStrategy: LibraryEntry = {
  slug: 'climate-smart-farmer-field-schools',
  kind: 'strategy',
  sector: 'climate',
  title: 'Climate-smart agriculture farmer field schools',
  summary:
    'Season-long farmer field schools where groups compare climate-smart practices side by side on a learning plot — drought-tolerant varieties, conservation agriculture, water harvesting, agroforestry — and use seasonal forecasts to plan. Add it to any agriculture, food security or climate problem.',
  template: {
    elements: [
      activity('facilitators', 'Train farmer field school facilitators', {
        description:
          'Extension workers and lead farmers complete a season-long training of facilitators in discovery-based learning and climate-smart practices.',
        metrics: [
          metric({
            name: 'Facilitators trained',
            definition:
              'Number of extension workers and lead farmers who completed the training of facilitators and run a field school.',
            unit: 'facilitators',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('facilitators_trained', 'Facilitators trained', { starred: true })],
          }),
        ],
      }),
      activity('field-schools', 'Run season-long field schools with comparison plots', {
        description:
          'Groups of 20–30 farmers meet weekly on a learning plot comparing local practice with climate-smart options, observe the agro-ecosystem and decide what to try at home.',
        assumptions: 'Groups can access a plot and inputs for the comparison trials.',
        metrics: [
          metric({
            name: 'Farmer field schools running',
            definition:
              'Number of field schools that held at least 75% of planned weekly sessions during the season.',
            unit: 'field schools',
            type: 'count',
            period: 'annual',
            dataPoints: [dp('schools_running', 'Field schools running', { starred: true })],
          }),
        ],
      }),
      activity('forecasts', 'Share seasonal forecasts and participatory planning', {
        description:
          'Before each season, translate the national seasonal forecast into local options (planting dates, varieties, crop choices) in participatory scenario planning sessions.',
        risks: 'Forecasts are inaccurate for the location, reducing trust.',
        metrics: [
          metric({
            name: 'Participatory seasonal planning sessions held',
            definition:
              'Number of sessions where the seasonal forecast was presented and farmers agreed on options, with a written advisory shared afterwards.',
            unit: 'sessions',
            type: 'count',
            period: 'annual',
            dataPoints: [dp('planning_sessions', 'Sessions held', { starred: true })],
          }),
        ],
      }),
      output('graduates', 'Farmers complete a season of experiential learning', {
        metrics: [
          metric({
            name: 'Farmers graduating from a field school',
            definition:
              'Number of farmers who attended at least 75% of field school sessions during the season.',
            unit: 'farmers',
            type: 'count',
            period: 'annual',
            disaggregations: [SEX, age('15–34', '35+')],
            dataPoints: [dp('farmers_graduated', 'Farmers graduated', { starred: true })],
          }),
        ],
      }),
      output('adoption', 'Graduates apply climate-smart practices on their own farms', {
        metrics: [
          metric({
            name: 'Percentage of graduates applying at least two climate-smart practices',
            definition:
              'Numerator: graduates observed at a plot visit in the next season applying two or more practices learned in the field school. Denominator: graduates visited.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX],
            formula: percentOf('graduates_applying', 'graduates_visited'),
            dataPoints: [
              dp('graduates_applying', 'Graduates applying ≥2 practices', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Which of these practices is the farmer using on this plot this season?',
                    'multiple_choice',
                    {
                      choices: [
                        'Drought-tolerant or early-maturing variety',
                        'Minimum tillage',
                        'Mulching / crop residue cover',
                        'Crop rotation or intercropping with legumes',
                        'Planting basins or zai pits',
                        'Agroforestry trees',
                        'Planting date adjusted to the forecast',
                      ],
                    },
                  ),
                ],
              }),
              dp('graduates_visited', 'Graduates visited', {
                aggregation: 'count',
                questions: [
                  q('Sex of the farmer', 'single_choice', { choices: ['Female', 'Male'] }),
                ],
              }),
            ],
          }),
        ],
      }),
      output('area', 'Land is managed with climate-smart practices', {
        metrics: [
          metric({
            name: 'Hectares under climate-smart practices',
            definition:
              'Total area in hectares on which graduates apply at least one promoted climate-smart practice, from plot measurements or farmer estimates verified on a sample.',
            unit: 'hectares',
            type: 'number',
            period: 'annual',
            disaggregations: [
              dim(
                'practice',
                'Main practice',
                'Conservation agriculture',
                'Improved varieties',
                'Water harvesting',
                'Agroforestry',
              ),
            ],
            dataPoints: [dp('hectares_csa', 'Hectares under CSA', { starred: true })],
          }),
        ],
      }),
    ],
    links: links(
      'facilitators>graduates',
      'field-schools>graduates',
      'field-schools>adoption',
      'forecasts>adoption',
      'field-schools>area',
    ),
  },
};
