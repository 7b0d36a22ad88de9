import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title and one line of explanation at the top of an account card. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h3">
        {title}
      </Title>
      {children && (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      )}
    </Stack>
  );
}
