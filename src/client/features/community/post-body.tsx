import { Typography } from '@mantine/core';
import classes from './community.module.css';

/**
 * A post as the server rendered it from the allowlist (shared/community/rich-text.ts): every text
 * escaped, only known tags, links http/https/mailto with rel="noopener nofollow ugc".
 */
export function PostBody({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography className={classes.body} data-testid={testId}>
      {/* HTML rendered by our server from an allowlist */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
