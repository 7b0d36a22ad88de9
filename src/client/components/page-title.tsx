import { Title, type TitleProps } from '@mantine/core';

/** The page's one <h1> (axe: page-has-heading-one), at the size page titles have always had (h2). */
export function PageTitle(props: Omit<TitleProps, 'order'>) {
  return <Title order={1} size="h2" {...props} />;
}
