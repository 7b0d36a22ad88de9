import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  dim,
  dp,
  HOUSEHOLD_HEAD,
  links,
  metric,
  output,
  percentOf,
  q,
} from './builders.js';

export const handwashingStrategy: LibraryEntry = {
  slug: 'handwashing-with-soap',
  kind: 'strategy',
  sector: 'wash',
  title: 'Handwashing with soap promotion',
  summary:
    'Households and schools set up handwashing stations next to latrines and kitchens, and behaviour-change activities built on motives such as disgust and nurture (not only health messages) make handwashing at critical times a habit. Add it to any WASH, nutrition or child health problem.',
  template: {
    elements: [
      activity('stations', 'Help households and schools set up handwashing stations', {
        description:
          'Demonstrate low-cost stations (tippy-taps, buckets with taps) and provide soap or soapy water bottles to the poorest households; install group handwashing stations at schools.',
        metrics: [
          metric({
            name: 'Handwashing stations installed',
            definition:
              'Number of handwashing stations installed at households and schools with project support, confirmed at a follow-up visit.',
            unit: 'stations',
            type: 'count',
            disaggregations: [
              dim(
                'setting',
                'Setting',
                'Household',
                'School',
                'Health facility',
                'Market/public place',
              ),
            ],
            dataPoints: [dp('stations_installed', 'Stations installed', { starred: true })],
          }),
        ],
      }),
      activity(
        'behaviour-change',
        'Run behaviour-change sessions on handwashing at critical times',
        {
          description:
            'Interactive sessions with caregivers and pupils using disgust, nurture and social-norm motives, and cues (placing stations where they are seen), focusing on after using the toilet, after cleaning a child, and before preparing food or eating.',
          assumptions: 'Water is available at the household most days.',
          metrics: [
            metric({
              name: 'Caregivers and pupils taking part in handwashing sessions',
              definition:
                'Number of people attending a handwashing behaviour-change session in the period, from attendance registers.',
              unit: 'people',
              type: 'count',
              disaggregations: [
                dim('group', 'Group', 'Caregivers', 'Pupils', 'Other community members'),
              ],
              dataPoints: [dp('session_participants', 'Participants', { starred: true })],
            }),
          ],
        },
      ),
      output('basic-hygiene', 'Households have a handwashing facility with soap and water', {
        metrics: [
          metric({
            name: 'Percentage of households with a handwashing facility with soap and water',
            definition:
              'Numerator: households where the enumerator observes a handwashing facility (fixed or mobile) with both water and soap (or detergent) present on the premises. Denominator: households visited. JMP “basic hygiene service”; the SDG 6.2.1 hygiene component.',
            unit: '%',
            type: 'percentage',
            disaggregations: [HOUSEHOLD_HEAD],
            formula: percentOf('households_soap_water', 'households_visited'),
            dataPoints: [
              dp('households_soap_water', 'Households with water and soap at a handwashing place', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Please show me where members of your household most often wash their hands. (Observe.)',
                    'single_choice',
                    {
                      choices: [
                        'Fixed facility in dwelling/yard',
                        'Mobile object (bucket, jug, kettle)',
                        'No handwashing place',
                        'Not permitted to see',
                      ],
                    },
                  ),
                  q('Observe: is water available at the handwashing place?', 'yes_no'),
                  q(
                    'Observe: is soap, detergent or soapy water present at the handwashing place?',
                    'single_choice',
                    {
                      choices: [
                        'Bar soap',
                        'Detergent/liquid soap',
                        'Soapy water',
                        'Ash/mud/sand',
                        'None',
                      ],
                    },
                  ),
                ],
              }),
              dp('households_visited', 'Households visited', {
                aggregation: 'count',
                questions: [q('Household identifier', 'text')],
              }),
            ],
          }),
        ],
      }),
      output('schools-hygiene', 'Schools have handwashing stations in use', {
        metrics: [
          metric({
            name: 'Percentage of target schools with handwashing facilities with water and soap available to pupils',
            definition:
              'Numerator: target schools where, at an unannounced visit, handwashing facilities with water and soap are available to pupils. Denominator: target schools visited.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('schools_basic_hygiene', 'schools_visited'),
            dataPoints: [
              dp('schools_basic_hygiene', 'Schools with water and soap available', {
                starred: true,
              }),
              dp('schools_visited', 'Schools visited'),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'stations>basic-hygiene',
      'behaviour-change>basic-hygiene',
      'stations>schools-hygiene',
      'behaviour-change>schools-hygiene',
    ),
  },
};
