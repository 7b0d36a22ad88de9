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
} from './builders.js';

export const maternalHealthSkilledBirth: LibraryEntry = {
  slug: 'maternal-health-skilled-birth',
  kind: 'problem',
  sector: 'health',
  title: 'Women give birth without skilled care',
  summary:
    'Many pregnant women attend few antenatal visits and deliver at home without a skilled birth attendant, so complications are recognised too late. Better-equipped facilities, community referral, transport and respectful care, tracked with ANC4+, skilled birth attendance and postnatal care coverage.',
  template: {
    problem: {
      title: 'Women give birth without skilled care',
      statement:
        'A large share of women in the target districts attend fewer than four antenatal care visits and give birth at home without a skilled birth attendant. Obstetric complications such as haemorrhage, eclampsia and obstructed labour are identified late, and mothers and newborns rarely receive a postnatal check within two days of birth.',
      rootCauses:
        'Distance and lack of affordable transport, especially at night; informal fees at facilities; health centres without 24-hour staff, electricity, water or basic emergency obstetric supplies; fear of disrespectful treatment; decisions about where to give birth made by husbands or mothers-in-law; low awareness of danger signs in pregnancy.',
      populationWho: 'Pregnant women and adolescent girls, newborns, and their households',
      populationCount: null,
      geography: 'Rural districts served by health centres and one district hospital',
      evidence:
        'WHO: most maternal deaths are preventable with skilled care before, during and after childbirth; the WHO 2016 ANC recommendations raised the minimum to eight antenatal contacts. SDG 3.1.2 tracks births attended by skilled health personnel. Local evidence: the latest DHS/MICS maternal health module, facility delivery registers and maternal death reviews.',
    },
    elements: [
      activity(
        'a1',
        'Equip and staff health centres for 24-hour basic emergency obstetric and newborn care',
        {
          description:
            'Supply delivery kits, oxytocin and magnesium sulphate, partographs, newborn resuscitation bags; solar lighting; a staff rota so a midwife is on call at all hours.',
          risks:
            'Midwives posted to the facilities are transferred or leave; supply chain stock-outs of oxytocin.',
          metrics: [
            metric({
              name: 'Health centres meeting the basic emergency obstetric care readiness checklist',
              definition:
                'Number of target health centres that, at a quarterly assessment, have all items on the readiness checklist: 24-hour skilled staff, uterotonics, anticonvulsants, parenteral antibiotics, resuscitation equipment, water and light in the delivery room.',
              unit: 'facilities',
              type: 'count',
              dataPoints: [
                dp('facilities_ready', 'Facilities meeting all checklist items', { starred: true }),
              ],
            }),
          ],
        },
      ),
      activity('a2', 'Train community health workers to identify pregnancies early and refer', {
        description:
          'Home visits to register pregnancies in the first trimester, counsel on danger signs and birth preparedness, and accompany women to antenatal care.',
        metrics: [
          metric({
            name: 'Community health workers trained in pregnancy identification and referral',
            definition:
              'Number of community health workers who completed the maternal and newborn health module (danger signs, birth preparedness, referral) in the period.',
            unit: 'health workers',
            type: 'count',
            disaggregations: [SEX],
            dataPoints: [dp('chws_trained', 'Community health workers trained', { starred: true })],
          }),
        ],
      }),
      activity('a3', 'Set up an emergency transport scheme with community funds', {
        description:
          'Agreements with motorbike/tricycle ambulance or taxi owners, paid from a community emergency fund, with the phone number known to every household.',
        assumptions:
          'Communities keep contributing to the fund and drivers are available at night.',
        metrics: [
          metric({
            name: 'Communities with an operating emergency transport scheme',
            definition:
              'Number of communities with a signed transport agreement, a named driver on call and an emergency fund holding money at the end of the quarter.',
            unit: 'communities',
            type: 'count',
            dataPoints: [
              dp('communities_with_scheme', 'Communities with an operating scheme', {
                starred: true,
              }),
            ],
          }),
        ],
      }),
      activity('a4', 'Train facility staff in respectful maternity care and run client feedback', {
        description:
          'Training on privacy, consent, birth companions and non-discrimination; exit interviews feed a monthly quality-improvement meeting.',
        metrics: [
          metric({
            name: 'Facility staff trained in respectful maternity care',
            definition:
              'Number of midwives, nurses and other facility staff who completed the respectful maternity care training in the period.',
            unit: 'staff',
            type: 'count',
            disaggregations: [
              dim('cadre', 'Cadre', 'Midwife', 'Nurse', 'Doctor/clinical officer', 'Support staff'),
            ],
            dataPoints: [dp('staff_trained_rmc', 'Staff trained', { starred: true })],
          }),
        ],
      }),
      output('op1', 'Pregnant women are registered early and referred to antenatal care', {
        metrics: [
          metric({
            name: 'Pregnancies registered in the first trimester',
            definition:
              'Number of pregnancies registered by community health workers before 12 weeks of gestation in the period (community pregnancy register).',
            unit: 'pregnancies',
            type: 'count',
            period: 'monthly',
            disaggregations: [age('Under 18', '18–24', '25–34', '35+')],
            dataPoints: [
              dp('pregnancies_registered_t1', 'Pregnancies registered before 12 weeks', {
                starred: true,
              }),
            ],
          }),
        ],
      }),
      output('op2', 'Health centres are ready to provide 24-hour skilled delivery care', {
        metrics: [
          metric({
            name: 'Percentage of target health centres with a skilled birth attendant on call 24 hours, 7 days',
            definition:
              'Numerator: target health centres whose duty rota and spot check show a midwife, nurse or doctor with midwifery skills on site or on call at all hours during the month. Denominator: all target health centres.',
            unit: '%',
            type: 'percentage',
            period: 'monthly',
            formula: percentOf('facilities_24h', 'facilities_total'),
            dataPoints: [
              dp('facilities_24h', 'Facilities with 24/7 skilled cover', { starred: true }),
              dp('facilities_total', 'Target health centres'),
            ],
          }),
        ],
      }),
      output('op3', 'Women in labour can reach a facility in an emergency', {
        metrics: [
          metric({
            name: 'Emergency obstetric transfers made through the transport scheme',
            definition:
              'Number of women in labour or with a pregnancy complication transported to a health facility through the community transport scheme (transport log).',
            unit: 'transfers',
            type: 'count',
            period: 'monthly',
            disaggregations: [
              dim(
                'reason',
                'Reason',
                'Labour',
                'Danger sign or complication',
                'Referral to hospital',
              ),
            ],
            dataPoints: [dp('emergency_transfers', 'Transfers made', { starred: true })],
          }),
        ],
      }),
      outcome('oc1', 'short', 'Pregnant women attend at least four antenatal care visits', {
        metrics: [
          metric({
            name: 'Percentage of women with a live birth in the last 2 years who had 4 or more ANC visits',
            definition:
              'Numerator: women aged 15–49 with a live birth in the 2 years before the survey who attended antenatal care 4 or more times with any skilled provider during that pregnancy. Denominator: women aged 15–49 with a live birth in the 2 years before the survey. WHO (2016) now recommends at least eight contacts; ANC4+ stays the comparable survey indicator, so report ANC8+ alongside it where the health system tracks it.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [age('15–19', '20–34', '35–49'), LOCATION],
            formula: percentOf('women_anc4', 'women_recent_birth'),
            dataPoints: [
              dp('women_anc4', 'Women with 4+ ANC visits', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'During your last pregnancy, how many times did you receive antenatal care?',
                    'integer',
                    {
                      helpText:
                        'Probe: at a health facility or from a health worker. Record 98 for don’t know.',
                    },
                  ),
                ],
              }),
              dp('women_recent_birth', 'Women with a live birth in the last 2 years', {
                aggregation: 'count',
                questions: [
                  q('Have you given birth to a live baby in the last 2 years?', 'yes_no'),
                ],
              }),
            ],
          }),
        ],
      }),
      outcome('oc2', 'medium', 'Births are attended by skilled health personnel', {
        assumptions:
          'Women who reach a facility are treated respectfully, so they come back and recommend it to others.',
        metrics: [
          metric({
            name: 'Proportion of births attended by skilled health personnel',
            definition:
              'Numerator: live births in the 2 years before the survey attended by a doctor, nurse or midwife (not traditional birth attendants or community health workers). Denominator: all live births in the 2 years before the survey.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            disaggregations: [age('Under 20', '20–34', '35+'), LOCATION],
            standardRef: 'SDG 3.1.2',
            formula: percentOf('births_skilled', 'births_total'),
            dataPoints: [
              dp('births_skilled', 'Births attended by a skilled provider', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q('Who assisted with the delivery of your last baby?', 'multiple_choice', {
                    choices: [
                      'Doctor',
                      'Nurse / midwife',
                      'Clinical officer',
                      'Traditional birth attendant',
                      'Community health worker',
                      'Relative or friend',
                      'No one',
                    ],
                  }),
                  q('Where did you give birth?', 'single_choice', {
                    choices: [
                      'Hospital',
                      'Health centre',
                      'Private clinic',
                      'Home',
                      'On the way to a facility',
                      'Other',
                    ],
                  }),
                ],
              }),
              dp('births_total', 'Live births in the last 2 years', {
                aggregation: 'count',
                questions: [q('Date of birth of your last baby', 'date')],
              }),
            ],
          }),
        ],
      }),
      outcome(
        'oc3',
        'medium',
        'Mothers and newborns receive a postnatal check within two days of birth',
        {
          metrics: [
            metric({
              name: 'Percentage of women receiving a postnatal check within 2 days of birth',
              definition:
                'Numerator: women with a live birth in the last 2 years who had a health check by a skilled provider within 2 days (48 hours) after delivery. Denominator: women with a live birth in the last 2 years.',
              unit: '%',
              type: 'percentage',
              period: 'annual',
              formula: percentOf('women_pnc48h', 'women_recent_birth'),
              dataPoints: [
                dp('women_pnc48h', 'Women with a postnatal check within 48 hours', {
                  starred: true,
                  aggregation: 'count',
                  questions: [
                    q(
                      'How long after the delivery did anyone first check on your health?',
                      'single_choice',
                      {
                        choices: [
                          'Less than 24 hours',
                          '1–2 days',
                          '3–6 days',
                          '7 days or more',
                          'No check',
                          "Don't know",
                        ],
                      },
                    ),
                  ],
                }),
                dp('women_recent_birth', 'Women with a live birth in the last 2 years', {
                  aggregation: 'count',
                  questions: [
                    q('Have you given birth to a live baby in the last 2 years?', 'yes_no'),
                  ],
                }),
              ],
            }),
          ],
        },
      ),
      impact('im1', 'Fewer mothers and newborns die from preventable causes around childbirth', {
        description:
          'Contributes to lower maternal and neonatal mortality in the district (SDG 3.1.1 and 3.2.2 at national level).',
        metrics: [
          metric({
            name: 'Maternal deaths reviewed in the district',
            definition:
              'Number of maternal deaths (death during pregnancy or within 42 days of its end, from pregnancy-related causes) notified and reviewed through maternal death surveillance and response in the year. A rising count early on may reflect better notification.',
            unit: 'deaths',
            type: 'count',
            direction: 'decrease',
            period: 'annual',
            dataPoints: [
              dp('maternal_deaths', 'Maternal deaths notified and reviewed', { starred: true }),
            ],
          }),
        ],
      }),
    ],
    links: links(
      'a2>op1',
      'a1>op2',
      'a4>op2',
      'a3>op3',
      'a2>op3',
      'op1>oc1',
      { link: 'op2>oc2', assumptions: 'Informal fees are not charged for delivery care.' },
      'op3>oc2',
      'op1>oc2',
      'op2>oc3',
      'oc1>oc2',
      'oc2>oc3',
      'oc2>im1',
      'oc3>im1',
    ),
  },
};
