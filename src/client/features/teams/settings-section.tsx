import type { ReactNode } from 'react';
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';

/** A settings block: title and explanation on the left, the form on the right (stacked on phones). */
export function SettingsSection({
  title,
  description,
  children,
  danger = false,
  id,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  danger?: boolean;
  id?: string;
}) {
  return (
    <Grid gap="lg" id={id} component="section" aria-label={title}>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap={4}>
          <Title order={3} size="h4" c={danger ? 'red.9' : undefined}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper
          withBorder
          radius="md"
          p="lg"
          style={danger ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
        >
          {children}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
