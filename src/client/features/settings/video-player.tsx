import { Text } from '@mantine/core';
import type { VideoEmbed } from '@shared/settings/video';

/** The team's onboarding video: a YouTube/Vimeo player or an https video file (16:9). */
export function VideoPlayer({ embed, title }: { embed: VideoEmbed | null; title: string }) {
  if (!embed)
    return (
      <Text size="sm" c="dimmed">
        This address cannot be played here.
      </Text>
    );
  const box = { position: 'relative' as const, paddingTop: '56.25%', width: '100%' };
  const fill = {
    position: 'absolute' as const,
    inset: 0,
    width: '100%',
    height: '100%',
    border: 0,
    borderRadius: 8,
  };
  return (
    <div style={box}>
      {embed.kind === 'file' ? (
        <video src={embed.src} controls preload="metadata" style={fill} aria-label={title} />
      ) : (
        <iframe
          src={embed.src}
          title={title}
          style={fill}
          loading="lazy"
          allow="fullscreen; picture-in-picture; encrypted-media"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      )}
    </div>
  );
}
