import type { LibraryEntry } from '../library-entry.js';
import { activity, dp, HOUSEHOLD_HEAD, links, metric, output, percentOf, q } from './builders.js';

export const cltsStrategy: LibraryEntry = {
  slug: 'community-led-total-sanitation',
  kind: 'strategy',
  sector: 'wash',
  title: 'Community-led total sanitation (CLTS)',
  summary:
    'Facilitated “triggering” sessions lead whole communities to decide to end open defecation and build their own latrines, followed up by natural leaders and verified open-defecation-free (ODF) status. Add it to any WASH or health problem where open defecation is a cause.',
  template: {
    elements: [
      activity('triggering', 'Trigger communities to end open defecation', {
        description:
          'Trained facilitators lead a transect walk, defecation mapping and “shit calculation” so the community sees the faecal–oral contamination and agrees an action plan and a date to become ODF. No hardware subsidies.',
        risks:
          'Shaming tactics harm poor or marginalised households; facilitators must follow do-no-harm guidance.',
        metrics: [
          metric({
            name: 'Communities triggered',
            definition:
              'Number of communities where a full triggering session was held and the community adopted an action plan with a target ODF date.',
            unit: 'communities',
            type: 'count',
            dataPoints: [dp('communities_triggered', 'Communities triggered', { starred: true })],
          }),
        ],
      }),
      activity('follow-up', 'Follow up with natural leaders and support the poorest households', {
        description:
          'Fortnightly follow-up visits; natural leaders help neighbours build latrines; the community organises help for elderly, disabled and the poorest households; links to local masons for upgrades.',
        metrics: [
          metric({
            name: 'Follow-up visits to triggered communities',
            definition:
              'Number of follow-up visits by facilitators or natural leaders to triggered communities, recorded in the follow-up log.',
            unit: 'visits',
            type: 'count',
            period: 'monthly',
            dataPoints: [dp('followup_visits', 'Follow-up visits', { starred: true })],
          }),
        ],
      }),
      activity('verification', 'Verify and certify open-defecation-free status', {
        description:
          'An independent team (local government and a neighbouring community) visits every household against the national ODF criteria; re-verification after 6–12 months checks for slippage.',
        metrics: [
          metric({
            name: 'ODF verification visits conducted',
            definition:
              'Number of communities visited by an independent verification team against national ODF criteria in the period.',
            unit: 'communities',
            type: 'count',
            dataPoints: [dp('verifications', 'Communities verified', { starred: true })],
          }),
        ],
      }),
      output('latrines', 'Households build and use latrines with handwashing facilities', {
        metrics: [
          metric({
            name: 'Percentage of households in triggered communities with a latrine and a handwashing facility with soap and water',
            definition:
              'Numerator: households with a functioning latrine that confines excreta (no faeces visible around it) and a handwashing facility with soap and water present, at a spot check. Denominator: households visited in triggered communities.',
            unit: '%',
            type: 'percentage',
            disaggregations: [HOUSEHOLD_HEAD],
            formula: percentOf('households_latrine_hw', 'households_visited'),
            dataPoints: [
              dp('households_latrine_hw', 'Households with latrine and handwashing facility', {
                starred: true,
                aggregation: 'count',
                questions: [
                  q(
                    'Observe: does the household have a latrine in use, with a superstructure and no faeces visible on the floor or around it?',
                    'yes_no',
                  ),
                  q(
                    'Observe: is there a place for handwashing near the latrine with water and soap (or ash) present?',
                    'single_choice',
                    {
                      choices: [
                        'Water and soap present',
                        'Water only',
                        'No water',
                        'No handwashing place',
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
      output('odf', 'Communities are certified open-defecation-free', {
        metrics: [
          metric({
            name: 'Communities certified ODF',
            definition:
              'Number of triggered communities that passed independent verification against the national ODF criteria in the period.',
            unit: 'communities',
            type: 'count',
            dataPoints: [dp('communities_odf', 'Communities certified ODF', { starred: true })],
          }),
          metric({
            name: 'Percentage of ODF communities maintaining status at re-verification',
            definition:
              'Numerator: communities certified ODF that still meet all criteria at re-verification 6–12 months later. Denominator: ODF communities re-verified in the period.',
            unit: '%',
            type: 'percentage',
            period: 'annual',
            formula: percentOf('communities_sustained', 'communities_reverified'),
            dataPoints: [
              dp('communities_sustained', 'Communities still ODF', { starred: true }),
              dp('communities_reverified', 'Communities re-verified'),
            ],
          }),
        ],
      }),
    ],
    links: links('triggering>latrines', 'follow-up>latrines', 'follow-up>odf', 'verification>odf'),
  },
};
