import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  dim,
  DISABILITY,
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

const MODALITY = dim(
  'modality',
  'Modality',
  'Cash for shelter',
  'Shelter kit',
  'Repair/upgrade',
  'Rental support',
);
const DISPLACEMENT = dim(
  'status',
  'Displacement status',
  'Internally displaced',
  'Refugee',
  'Host community',
);

export const shelterDisplacedFamilies: LibraryEntry = {
  slug: 'shelter-displaced-families',
  kind: 'problem',
  sector: 'shelter',
  title: 'Displaced families live in overcrowded and unsafe shelter',
  summary:
    'Families displaced by conflict or disaster live in crowded makeshift shelters that do not protect them from the weather, fire or violence, and can be evicted at any time. Cash and kits for shelter, safer construction, tenure agreements and site improvements, measured against Sphere standards.',
  template: {
    problem: {
      title: 'Displaced families live in overcrowded and unsafe shelter',
      statement:
        'Many displaced households in the target area live in makeshift shelters, collective centres or overcrowded rented rooms with less covered living space than the Sphere minimum, leaking roofs, no lockable door or partition for privacy, and no protection from cold, heat or flooding. Many have no written agreement with the landowner and face eviction or rising rents.',
      rootCauses:
        'Loss of homes and assets; no income to buy materials or pay rent; shortage of affordable housing in host areas; insecure housing, land and property (HLP) rights for displaced people; informal sites on flood-prone or unplanned land without drainage, lighting or fire breaks; limited knowledge of safer building techniques.',
      populationWho:
        'Internally displaced and refugee households and the host families sharing their homes, prioritising female-headed households, older people and people with disabilities',
      populationCount: null,
      geography: 'Informal settlements, camps and host communities in displacement-affected areas',
      evidence:
        'UNHCR Global Trends: more than 100 million people are forcibly displaced worldwide. The Sphere Handbook (2018) shelter and settlement standards set a minimum of 3.5 m² of covered living space per person in most contexts, with privacy, safety and protection from the climate. The Global Shelter Cluster promotes cash-based and settlement approaches and secure tenure as the basis of shelter assistance. Local evidence: shelter and settlement assessments, site mapping and protection monitoring.',
    },
    elements: [
      activity('a1', 'Provide cash for shelter or shelter kits with technical guidance', {
        description:
          'Conditional cash in instalments, or kits (tarpaulins, timber, fixings, tools) where markets cannot supply materials, with a simple design and guidance on minimum standards.',
        risks: 'Material prices rise with demand; cash is diverted to urgent food needs.',
        metrics: [
          metric({
            name: 'Households receiving shelter assistance',
            definition:
              'Number of households that received at least the first instalment of cash for shelter, a shelter kit or rental support in the period.',
            unit: 'households',
            type: 'count',
            disaggregations: [HOUSEHOLD_HEAD, MODALITY, DISPLACEMENT],
            dataPoints: [dp('households_assisted', 'Households assisted', { starred: true })],
          }),
        ],
      }),
      activity('a2', 'Train households and local builders in safer construction', {
        description:
          'Practical sessions on bracing, roof fixing, raised floors and fire safety, with follow-up visits by technical staff at each construction stage.',
        metrics: [
          metric({
            name: 'People trained in safer construction',
            definition:
              'Number of household members and local builders who completed a practical safer-construction session.',
            unit: 'people',
            type: 'count',
            disaggregations: [SEX, dim('role', 'Role', 'Household member', 'Local builder')],
            dataPoints: [dp('people_trained', 'People trained', { starred: true })],
          }),
        ],
      }),
      activity('a3', 'Negotiate written tenure agreements with landowners and authorities', {
        description:
          'HLP staff mediate written occupancy or rental agreements that state the duration, rent and notice period, and provide legal counselling on eviction.',
        assumptions:
          'Landowners and local authorities accept written agreements for displaced occupants.',
        metrics: [
          metric({
            name: 'Households counselled on housing, land and property rights',
            definition:
              'Number of households that received individual counselling or legal assistance on tenure, rent or eviction in the period.',
            unit: 'households',
            type: 'count',
            disaggregations: [HOUSEHOLD_HEAD],
            dataPoints: [dp('households_counselled', 'Households counselled', { starred: true })],
          }),
        ],
      }),
      activity('a4', 'Improve sites with drainage, lighting and fire breaks', {
        description:
          'Community-planned works: drainage channels, solar street lights along paths to latrines and water points, fire breaks and accessible paths.',
        metrics: [
          metric({
            name: 'Site improvement works completed',
            definition:
              'Number of site improvement works (drainage sections, lighting points, fire breaks, accessible paths) completed and handed over to the site committee.',
            unit: 'works',
            type: 'count',
            disaggregations: [
              dim('work', 'Type of work', 'Drainage', 'Lighting', 'Fire break', 'Accessible path'),
            ],
            dataPoints: [dp('works_completed', 'Works completed', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Households build or repair shelters that meet minimum standards', {
        metrics: [
          metric({
            name: 'Percentage of assisted shelters meeting the agreed technical standard',
            definition:
              'Numerator: assisted shelters that pass the final technical inspection (structure, roof and weather-proofing, floor raised above flood level, lockable door, fire safety). Denominator: assisted shelters inspected.',
            unit: '%',
            type: 'percentage',
            disaggregations: [MODALITY],
            formula: percentOf('shelters_compliant', 'shelters_inspected'),
            dataPoints: [
              dp('shelters_compliant', 'Shelters passing inspection', { starred: true }),
              dp('shelters_inspected', 'Shelters inspected'),
            ],
          }),
        ],
      }),
      output('op2', 'Households hold written tenure agreements', {
        metrics: [
          metric({
            name: 'Households with a written occupancy or rental agreement',
            definition:
              'Number of assisted households holding a signed written occupancy or rental agreement of at least 6 months obtained with project support.',
            unit: 'households',
            type: 'count',
            disaggregations: [HOUSEHOLD_HEAD],
            dataPoints: [
              dp('households_with_agreement', 'Households with a written agreement', {
                starred: true,
              }),
            ],
          }),
        ],
      }),
      output('op3', 'Sites are drained, lit and safer from fire', {
        metrics: [
          metric({
            name: 'Percentage of target sites meeting the site-safety checklist',
            definition:
              'Numerator: target sites with functioning drainage, lighting on main paths to latrines and water points, and fire breaks at the planned spacing, at a spot check. Denominator: target sites.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('sites_safe', 'sites_target'),
            dataPoints: [
              dp('sites_safe', 'Sites meeting the checklist', { starred: true }),
              dp('sites_target', 'Target sites'),
            ],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Families live in adequate shelter with enough space and privacy', {
        metrics: [
          metric({
            name: 'Percentage of households living in adequate shelter',
            definition:
              'Numerator: surveyed households with at least 3.5 m² of covered living space per person (Sphere; adapt for cold climates), a weather-proof roof and walls, and a lockable door or partition for privacy. Denominator: households surveyed.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [HOUSEHOLD_HEAD, DISPLACEMENT, DISABILITY],
            formula: percentOf('households_adequate', 'households_surveyed'),
            dataPoints: [
              dp('households_adequate', 'Households in adequate shelter', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Measure: covered living area of the shelter in square metres', 'number', {
                    helpText:
                      'Divide by the number of people who sleep there to get m² per person.',
                  }),
                  q('Did rain come into the shelter in the last month?', 'yes_no'),
                  q(
                    'Can the shelter door be locked, or is there a partition that gives privacy to women and girls?',
                    'yes_no',
                  ),
                ],
              }),
              dp('households_surveyed', 'Households surveyed', {
                aggregation: 'count',
                questions: [q('How many people usually sleep in this shelter?', 'integer')],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Families feel safe and secure from eviction in their homes', {
        assumptions:
          'Local authorities respect agreements and do not order mass evictions of the site.',
        metrics: [
          metric({
            name: 'Percentage of households who feel safe in their shelter and are not at risk of eviction',
            definition:
              'Numerator: households who report feeling safe in and around their shelter at night AND report no eviction notice or threat in the last 3 months. Denominator: households surveyed.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [HOUSEHOLD_HEAD, DISPLACEMENT],
            formula: percentOf('households_secure', 'households_surveyed'),
            dataPoints: [
              dp('households_secure', 'Households feeling safe and secure', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'How safe do you and your family feel in and around your shelter at night?',
                    'single_choice',
                    { choices: ['Very safe', 'Fairly safe', 'A bit unsafe', 'Very unsafe'] },
                  ),
                  q(
                    'In the last 3 months, has anyone told you to leave, or threatened to evict you from, this shelter?',
                    'yes_no',
                  ),
                ],
              }),
              dp('households_surveyed', 'Households surveyed', {
                aggregation: 'count',
                questions: [
                  q('Do you have a written agreement to stay in this shelter?', 'single_choice', {
                    choices: ['Yes, written', 'Verbal only', 'No agreement', "Don't know"],
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome(
        'oc3',
        'long',
        'Families stay in durable, maintained homes and start to rebuild their lives',
        {
          metrics: [
            metric({
              name: 'Percentage of assisted households still in adequate shelter after 12 months',
              definition:
                'Numerator: households assisted 12 months earlier who still live in the same or another adequate shelter (same criteria as the adequacy metric) and have maintained or improved it. Denominator: households assisted 12 months earlier who were reached.',
              unit: '%',
              type: 'percentage',
              period: 'annual',
              disaggregations: [HOUSEHOLD_HEAD],
              formula: percentOf('households_sustained', 'households_followed_up'),
              dataPoints: [
                dp('households_sustained', 'Households still in adequate shelter', {
                  starred: true,
                  aggregation: 'count',
                  questions: [
                    q(
                      'Since receiving support, have you repaired or improved your shelter yourselves?',
                      'single_choice',
                      {
                        choices: [
                          'Yes, improved',
                          'Yes, repaired only',
                          'No, but still in good condition',
                          'No, it has deteriorated',
                          'We moved',
                        ],
                      },
                    ),
                  ],
                }),
                dp('households_followed_up', 'Assisted households reached after 12 months', {
                  aggregation: 'count',
                  questions: [
                    q(
                      'Are you still living in the shelter built or repaired with the project’s support?',
                      'yes_no',
                    ),
                  ],
                }),
              ],
            }),
          ],
        },
      ),
      impact(
        'im1',
        'Displaced families live in safety and dignity and can recover from displacement',
        {},
      ),
    ],
    links: links(
      'a1>op1',
      'a2>op1',
      'a3>op2',
      'a4>op3',
      'op1>oc1',
      { link: 'op2>oc2', assumptions: 'Written agreements are honoured by landowners.' },
      'op3>oc2',
      'op1>oc3',
      'oc1>oc3',
      'oc2>oc3',
      'oc3>im1',
    ),
  },
};
