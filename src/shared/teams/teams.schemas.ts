import { z } from 'zod';

const TEAM_NAME_MAX = 100;

/** A team's name: trimmed, 1..100 characters. */
const teamName = z
  .string({ error: 'Please enter a team name.' })
  .trim()
  .min(1, 'Please enter a team name.')
  .max(TEAM_NAME_MAX, `The team name may have at most ${TEAM_NAME_MAX} characters.`);

export const createTeamSchema = z.object({ name: teamName }).strict();

export const updateTeamNameSchema = z.object({ name: teamName }).strict();

/** PUT current-team.update (the header's team switcher sends exactly this). */
export const switchTeamSchema = z
  .object({
    teamId: z
      .string({ error: 'Choose a team.' })
      .trim()
      .min(1, 'Choose a team.')
      .max(100, 'Unknown team.'),
  })
  .strict();
