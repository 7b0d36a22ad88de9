import type { LibraryEntry } from '../library-entry.js';
import {
  activity,
  age,
  dim,
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
  YES_NO_DK,
} from './builders.js';

export const healthChildImmunization: LibraryEntry = {
  slug: 'health-child-immunization',
  kind: 'problem',
  sector: 'health',
  title: 'Children miss routine immunizations',
  summary:
    'Many infants start their vaccination schedule but drop out before completing it, leaving “zero-dose” and under-immunized children exposed to measles, diphtheria and pneumonia. Outreach sessions, defaulter tracing, cold-chain repair and caregiver reminders, measured with DTP and measles coverage.',
  template: {
    problem: {
      title: 'Children miss routine immunizations',
      statement:
        'In the target health zones a large share of children under two have not received all the vaccines in the national schedule: some never receive a first dose (zero-dose children) and many drop out between the first and third dose of the DTP-containing vaccine or never receive the measles-containing vaccine. Outbreaks of measles and other vaccine-preventable diseases recur.',
      rootCauses:
        'Long distances and travel costs to fixed immunization sites; irregular outreach sessions; vaccine stock-outs and broken cold-chain equipment; no system to follow up children who miss a dose; caregivers unsure of the schedule or worried about side effects; health workers’ registers incomplete, so defaulters are not visible.',
      populationWho: 'Children aged 0–23 months and their caregivers',
      populationCount: null,
      geography: 'Hard-to-reach rural health zones and urban informal settlements',
      evidence:
        'WHO/UNICEF Estimates of National Immunization Coverage (WUENIC) report millions of zero-dose children worldwide each year, concentrated in remote rural areas, urban slums and conflict-affected settings. The WHO-led Immunization Agenda 2030 and Gavi’s focus on reaching zero-dose children. Local evidence: facility immunization registers, DHIS2 coverage and drop-out rates, and the most recent DHS/MICS vaccination module.',
    },
    elements: [
      activity('a1', 'Run monthly outreach immunization sessions in underserved villages', {
        description:
          'Mobile vaccination teams hold fixed-date outreach sessions in villages more than 5 km from a health facility, announced in advance through community leaders.',
        risks: 'Fuel and allowance budgets run out mid-year; rainy-season roads are impassable.',
        metrics: [
          metric({
            name: 'Outreach immunization sessions held as planned',
            definition:
              'Numerator: outreach sessions held on the planned date with vaccines and a functioning vaccine carrier. Denominator: outreach sessions in the micro-plan for the month.',
            unit: '%',
            type: 'percentage',
            period: 'monthly',
            formula: percentOf('sessions_held', 'sessions_planned'),
            dataPoints: [
              dp('sessions_held', 'Outreach sessions held', { starred: true }),
              dp('sessions_planned', 'Outreach sessions planned in the micro-plan'),
            ],
          }),
        ],
      }),
      activity('a2', 'Train community health workers to register newborns and trace defaulters', {
        description:
          'Community health workers list newborns in their catchment, check home-based vaccination cards and refer children who missed a dose to the next session.',
        assumptions: 'Community health workers receive a regular stipend and supervision.',
        metrics: [
          metric({
            name: 'Community health workers trained in newborn registration and defaulter tracing',
            definition:
              'Number of community health workers who completed the training and received a register and referral slips in the period.',
            unit: 'health workers',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('chws_trained', 'Community health workers trained', { starred: true })],
          }),
        ],
      }),
      activity('a3', 'Repair and maintain cold-chain equipment and vaccine stock management', {
        description:
          'Install or repair solar direct-drive refrigerators, train staff on temperature monitoring and monthly stock reporting.',
        metrics: [
          metric({
            name: 'Cold-chain equipment units installed or repaired',
            definition:
              'Number of vaccine refrigerators (preferably solar direct-drive) installed or repaired and passing a 48-hour temperature test in the period.',
            unit: 'units',
            type: 'count',
            dataPoints: [dp('fridges_installed', 'Units installed or repaired', { starred: true })],
          }),
        ],
      }),
      activity('a4', 'Hold community dialogues and send SMS reminders to caregivers', {
        description:
          'Religious and traditional leaders, mothers’ groups and health workers discuss vaccine safety and the schedule; caregivers with a phone get a reminder before each due date.',
        risks:
          'Rumours and misinformation on social media spread faster than dialogues reach people.',
        metrics: [
          metric({
            name: 'Community dialogue sessions on immunization held',
            definition:
              'Number of community dialogue sessions on vaccine safety and the schedule, led by a health worker or trained leader, with an attendance list.',
            unit: 'sessions',
            type: 'count',
            dataPoints: [dp('dialogues_held', 'Dialogue sessions held', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Defaulting children are identified and referred', {
        metrics: [
          metric({
            name: 'Children who missed a scheduled dose traced and referred',
            definition:
              'Number of children aged 0–23 months identified by community health workers as having missed a due vaccine dose and referred to a session in the period (defaulter-tracing log).',
            unit: 'children',
            type: 'count',
            period: 'monthly',
            disaggregations: [SEX, age('0–11 months', '12–23 months')],
            dataPoints: [dp('defaulters_referred', 'Defaulters referred', { starred: true })],
          }),
        ],
      }),
      output('op2', 'Health facilities have a functioning cold chain and no vaccine stock-outs', {
        metrics: [
          metric({
            name: 'Percentage of facilities with no stock-out of any tracer vaccine in the month',
            definition:
              'Numerator: immunizing facilities reporting no stock-out (zero usable doses on any day) of DTP-containing, measles-containing or BCG vaccine during the month. Denominator: immunizing facilities reporting.',
            unit: '%',
            type: 'percentage',
            period: 'monthly',
            direction: 'increase',
            formula: percentOf('facilities_no_stockout', 'facilities_reporting'),
            dataPoints: [
              dp('facilities_no_stockout', 'Facilities with no tracer-vaccine stock-out', {
                starred: true,
              }),
              dp('facilities_reporting', 'Immunizing facilities reporting'),
            ],
          }),
          metric({
            name: 'Functional vaccine refrigerators',
            definition:
              'Number of vaccine refrigerators in target facilities that kept temperatures within +2°C to +8°C with no alarm lasting more than 10 hours during the month (from temperature logs).',
            unit: 'refrigerators',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('fridges_functional', 'Functional refrigerators')],
          }),
        ],
      }),
      output('op3', 'Caregivers know the vaccination schedule and where the next session is', {
        metrics: [
          metric({
            name: 'Caregivers reached with immunization messages',
            definition:
              'Number of caregivers of children under two who took part in a community dialogue or received at least one SMS reminder in the period. Count each caregiver once per period.',
            unit: 'caregivers',
            type: 'count',
            disaggregations: [SEX, dim('channel', 'Channel', 'Community dialogue', 'SMS reminder')],
            dataPoints: [dp('caregivers_reached', 'Caregivers reached', { starred: true })],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Fewer children drop out between the first and third DTP doses', {
        assumptions:
          'Facility registers record doses given at outreach sessions as well as at the facility.',
        metrics: [
          metric({
            name: 'DTP1 to DTP3 drop-out rate',
            definition:
              'Children who received DTP1 but not DTP3, as a percentage of children who received DTP1, among children aged 12–23 months. Computed from a coverage survey (card or caregiver recall). Drop-out above 10% signals a utilisation problem.',
            unit: '%',
            type: 'percentage',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [SEX, LOCATION],
            formula: percentOf('dtp1_not_dtp3', 'children_dtp1'),
            dataPoints: [
              dp('dtp1_not_dtp3', 'Children with DTP1 but not DTP3', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'According to the card (or caregiver recall), how many doses of the pentavalent/DTP vaccine has the child received?',
                    'single_choice',
                    {
                      choices: ['None', '1 dose', '2 doses', '3 doses', "Don't know"],
                      helpText:
                        'Record from the home-based record first; use recall only if there is no card.',
                    },
                  ),
                ],
              }),
              dp('children_dtp1', 'Children aged 12–23 months with DTP1', {
                aggregation: 'count',
                questions: [
                  q(
                    'Is there a vaccination card or home-based record for the child, and was it seen?',
                    'single_choice',
                    { choices: ['Yes, seen', 'Yes, not seen', 'No card'] },
                  ),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Children aged 12–23 months are fully immunized', {
        description:
          'Children receive every antigen in the national schedule by their first birthday, plus the second measles dose in the second year.',
        metrics: [
          metric({
            name: 'Percentage of children aged 12–23 months fully immunized',
            definition:
              'Numerator: children aged 12–23 months who received BCG, three doses of DTP-containing vaccine, three doses of polio vaccine and one dose of measles-containing vaccine (adapt to the national schedule), by card or recall. Denominator: children aged 12–23 months surveyed.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [SEX, LOCATION],
            standardRef: 'SDG 3.b.1',
            formula: percentOf('children_fully_immunized', 'children_surveyed'),
            dataPoints: [
              dp('children_fully_immunized', 'Children fully immunized', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Has the child received a measles-containing vaccine (an injection in the arm at 9 months or later)?',
                    'single_choice',
                    { choices: YES_NO_DK },
                  ),
                  q('Which vaccines are recorded on the child’s card?', 'multiple_choice', {
                    choices: [
                      'BCG',
                      'DTP/Penta 1',
                      'DTP/Penta 2',
                      'DTP/Penta 3',
                      'Polio 1',
                      'Polio 2',
                      'Polio 3',
                      'Measles 1',
                      'Measles 2',
                    ],
                  }),
                ],
              }),
              dp('children_surveyed', 'Children aged 12–23 months surveyed', {
                aggregation: 'count',
                questions: [q('Child’s date of birth', 'date')],
              }),
            ],
          }),
        ],
      }),
      outcome('oc3', 'long', 'Outbreaks of vaccine-preventable disease decline', {
        metrics: [
          metric({
            name: 'Confirmed measles cases among children under five',
            definition:
              'Number of laboratory-confirmed or epidemiologically linked measles cases in children under five reported through disease surveillance (IDSR/DHIS2) in the year.',
            unit: 'cases',
            type: 'count',
            direction: 'decrease',
            period: 'annual',
            disaggregations: [SEX],
            dataPoints: [
              dp('measles_cases_u5', 'Confirmed measles cases under five', {
                starred: true,
                questions: [
                  q(
                    'Number of confirmed measles cases under five reported this year (from the surveillance report)',
                    'integer',
                  ),
                ],
              }),
            ],
          }),
        ],
      }),
      impact('im1', 'Fewer children die or are disabled by vaccine-preventable diseases', {
        description: 'Contributes to lower under-five mortality in the target health zones.',
      }),
    ],
    links: links(
      'a1>op1',
      'a2>op1',
      'a3>op2',
      'a1>op2',
      'a4>op3',
      'a2>op3',
      {
        link: 'op1>oc1',
        assumptions:
          'Referred children are brought to the next session and vaccines are available there.',
      },
      'op2>oc1',
      'op3>oc1',
      'op2>oc2',
      'op3>oc2',
      'oc1>oc2',
      {
        link: 'oc2>oc3',
        assumptions:
          'Coverage stays high across neighbouring areas, not only in the project zones.',
      },
      'oc3>im1',
    ),
  },
};
