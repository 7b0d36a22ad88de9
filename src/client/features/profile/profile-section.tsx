import type { ReactNode } from 'react';
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';

/** One profile section: title and explanation on the left, the form in a card on the right (stacked on phones). */
export function ProfileSection({
  id,
  title,
  description,
  children,
  danger = false,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Grid gap="lg" id={id} component="section" aria-labelledby={`${id}-title`}>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap={4}>
          <Title order={3} size="h4" id={`${id}-title`} c={danger ? 'red.9' : undefined}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p="lg" shadow="xs">
          {children}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
