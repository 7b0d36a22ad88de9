import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  age,
  dp,
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

export const healthMalariaPrevention: LibraryEntry = {
  slug: 'health-malaria-prevention',
  kind: 'problem',
  sector: 'health',
  title: 'Malaria remains a leading cause of illness and death in young children',
  summary:
    'Children and pregnant women sleep unprotected and fevers are treated late or not tested. Net distribution and hang-up campaigns, community testing and treatment, and preventive treatment in pregnancy, measured with net use, prompt testing and malaria incidence (SDG 3.3.3).',
  template: {
    problem: {
      title: 'Malaria remains a leading cause of illness and death in young children',
      statement:
        'Malaria transmission is high all year or seasonally in the target districts. Many children under five and pregnant women do not sleep under an insecticide-treated net, children with fever are often treated at home or at drug shops without a diagnostic test, and few pregnant women receive intermittent preventive treatment. Malaria is a leading cause of outpatient visits, hospital admissions and child deaths.',
      rootCauses:
        'Nets from past campaigns are worn out or not enough for all sleeping spaces; nets not used in the hot season or used for other purposes; long distances to facilities and stock-outs of rapid diagnostic tests and artemisinin-based combination therapy (ACT); caregivers delay seeking care; low antenatal care attendance early in pregnancy; insecticide resistance in mosquito populations.',
      populationWho:
        'Children under five, pregnant women and all household members in malaria-endemic communities',
      populationCount: null,
      geography: 'Malaria-endemic rural districts',
      evidence:
        'WHO World Malaria Report (annual): most malaria deaths occur in sub-Saharan Africa and most are among children under five. WHO guidelines for malaria recommend insecticide-treated nets for all people at risk, parasitological confirmation (RDT or microscopy) before treatment, ACTs for uncomplicated malaria, and intermittent preventive treatment in pregnancy (IPTp) with sulfadoxine-pyrimethamine. Local evidence: Malaria Indicator Survey or DHS, and HMIS/DHIS2 malaria case data.',
    },
    elements: [
      activity('a1', 'Distribute insecticide-treated nets and run hang-up and use campaigns', {
        description:
          'Mass distribution (one net for every two people) plus continuous distribution through antenatal care and immunization visits; volunteers go door to door to hang nets and explain correct, nightly use.',
        risks:
          'Nets arrive late or are diverted; pyrethroid resistance reduces effectiveness (consider dual-active-ingredient nets).',
        metrics: [
          metric({
            name: 'Insecticide-treated nets distributed',
            definition:
              'Number of ITNs handed to households through mass and continuous distribution channels, from distribution registers.',
            unit: 'nets',
            type: 'count',
            disaggregations: [LOCATION],
            dataPoints: [dp('nets_distributed', 'Nets distributed', { starred: true })],
          }),
        ],
      }),
      activity('a2', 'Train and equip community health workers to test and treat fever', {
        description:
          'Community health workers test every child with fever using an RDT, treat positive uncomplicated cases with ACT, and refer danger signs, with a monthly resupply and supervision visit.',
        assumptions:
          'National policy allows community health workers to test and treat, and supply chains deliver RDTs and ACTs.',
        metrics: [
          metric({
            name: 'Community health workers trained and stocked to test and treat malaria',
            definition:
              'Number of community health workers who completed training and had RDTs and ACTs in stock at their last supervision visit.',
            unit: 'health workers',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [
              dp('chws_stocked', 'Community health workers trained and stocked', { starred: true }),
            ],
          }),
        ],
      }),
      activity(
        'a3',
        'Strengthen intermittent preventive treatment in pregnancy at antenatal care',
        {
          description:
            'Train antenatal care staff, secure sulfadoxine-pyrimethamine supplies and clean water for directly observed doses, and encourage early antenatal attendance through community health workers.',
          metrics: [
            metric({
              name: 'Antenatal care staff trained in IPTp',
              definition:
                'Number of health workers providing antenatal care who completed training on IPTp and directly observed therapy.',
              unit: 'staff',
              type: 'count',
              dataPoints: [dp('anc_staff_trained', 'ANC staff trained', { starred: true })],
            }),
          ],
        },
      ),
      output('op1', 'Every household has enough nets for all sleeping spaces', {
        metrics: [
          metric({
            name: 'Percentage of households with at least one ITN for every two people',
            definition:
              'Numerator: households with at least one insecticide-treated net for every two people who stayed there the previous night. Denominator: households surveyed. MIS/DHS indicator.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [LOCATION],
            formula: percentOf('households_enough_nets', 'households_surveyed'),
            dataPoints: [
              dp('households_enough_nets', 'Households with 1 ITN per 2 people', { starred: true }),
              dp('households_surveyed', 'Households surveyed'),
            ],
          }),
        ],
      }),
      output('op2', 'Fever cases are tested and treated in the community', {
        metrics: [
          metric({
            name: 'Fever cases tested with an RDT by community health workers',
            definition:
              'Number of fever cases tested with a malaria rapid diagnostic test by community health workers, from community registers.',
            unit: 'tests',
            type: 'count',
            period: 'monthly',
            disaggregations: [SEX, age('Under 5', '5–14', '15+')],
            dataPoints: [dp('rdts_done', 'RDTs performed', { starred: true })],
          }),
        ],
      }),
      output('op3', 'Pregnant women receive preventive treatment at antenatal care', {
        metrics: [
          metric({
            name: 'Percentage of antenatal clients receiving three or more doses of IPTp',
            definition:
              'Numerator: women delivering in the period (facility records) who received three or more doses of sulfadoxine-pyrimethamine during the pregnancy. Denominator: women with a first antenatal visit recorded for the same cohort.',
            unit: '%',
            type: 'percentage',
            formula: percentOf('women_iptp3', 'women_anc1'),
            dataPoints: [
              dp('women_iptp3', 'Women with 3+ IPTp doses', { starred: true }),
              dp('women_anc1', 'Women with a first ANC visit'),
            ],
          }),
        ],
      }),
      outcome(
        'oc1',
        'short',
        'Children under five and pregnant women sleep under a treated net every night',
        {
          assumptions: 'Households use nets in the hot season and replace them when torn.',
          metrics: [
            metric({
              name: 'Percentage of children under five who slept under an ITN last night',
              definition:
                'Numerator: children under five in surveyed households who slept under an insecticide-treated net the night before the survey. Denominator: children under five who stayed in surveyed households that night.',
              unit: '%',
              type: 'percentage',
              period: 'annual',
              disaggregations: [SEX, LOCATION],
              formula: percentOf('children_under_itn', 'children_u5'),
              dataPoints: [
                dp('children_under_itn', 'Children under five who slept under an ITN', {
                  starred: true,
                  aggregation: 'count',
                  questions: [
                    q('Did (name) sleep under a mosquito net last night?', 'single_choice', {
                      choices: ['Yes', 'No', "Don't know"],
                    }),
                    q(
                      'Observe or ask: is this net a long-lasting insecticide-treated net (brand/label)?',
                      'single_choice',
                      { choices: ['Yes, ITN', 'No, untreated', "Don't know"] },
                    ),
                  ],
                }),
                dp('children_u5', 'Children under five who stayed in the household last night', {
                  aggregation: 'count',
                  questions: [q('Age of (name) in years', 'integer')],
                }),
              ],
            }),
          ],
        },
      ),
      outcome('oc2', 'medium', 'Children with fever are tested promptly and treated correctly', {
        metrics: [
          metric({
            name: 'Percentage of children under five with fever in the last two weeks who had a finger or heel stick for testing',
            definition:
              'Numerator: children under five with fever in the two weeks before the survey who had blood taken from a finger or heel for testing. Denominator: children under five with fever in the two weeks before the survey. MIS/DHS indicator.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX, LOCATION],
            formula: percentOf('fever_cases_tested', 'fever_cases'),
            dataPoints: [
              dp('fever_cases_tested', 'Children with fever who were tested', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'At any time during the illness, did (name) have blood taken from his/her finger or heel for testing?',
                    'single_choice',
                    { choices: ['Yes', 'No', "Don't know"] },
                  ),
                ],
              }),
              dp('fever_cases', 'Children under five with fever in the last 2 weeks', {
                aggregation: 'count',
                questions: [
                  q(
                    'Has (name) been ill with a fever at any time in the last 2 weeks?',
                    'single_choice',
                    { choices: ['Yes', 'No', "Don't know"] },
                  ),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Fewer people fall ill with malaria', {
        assumptions:
          'Case reporting completeness stays stable, so changes in reported cases reflect real changes in incidence.',
        metrics: [
          metric({
            name: 'Malaria incidence per 1,000 population',
            definition:
              'Confirmed malaria cases (RDT or microscopy) reported by facilities and community health workers in the year, per 1,000 people in the catchment population. Report alongside reporting completeness.',
            unit: 'cases per 1,000 people',
            type: 'ratio',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [age('Under 5', '5 and over')],
            standardRef: 'SDG 3.3.3',
            formula: 'ratio(confirmed_cases, population) * 1000',
            dataPoints: [
              dp('confirmed_cases', 'Confirmed malaria cases', {
                starred: true,
                questions: [
                  q('Confirmed malaria cases reported this year (HMIS/DHIS2)', 'integer'),
                ],
              }),
              dp('population', 'Catchment population', {
                aggregation: 'max',
                questions: [
                  q('Catchment population for the year (official projection)', 'integer'),
                ],
              }),
            ],
          }),
        ],
      }),
      impact('im1', 'Fewer children die from malaria', {}),
    ],
    links: links(
      'a1>op1',
      'a2>op2',
      'a3>op3',
      'a2>op3',
      'op1>oc1',
      {
        link: 'op2>oc2',
        assumptions:
          'Caregivers trust community health workers and seek care within 24 hours of fever.',
      },
      'op1>oc3',
      'op3>oc3',
      'oc1>oc3',
      'oc2>im1',
      'oc3>im1',
    ),
  },
};
