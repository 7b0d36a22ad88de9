import { useEffect, useMemo } from 'react';
import { Text } from '@mantine/core';
import type { VideoEmbed } from '@shared/settings/video';
import { toWebVtt } from '@shared/settings/captions';

/**
 * The team's onboarding video: a YouTube/Vimeo player or an https video file (16:9). A file plays
 * with the team's captions as its captions track when they are WebVTT or SRT text.
 */
export function VideoPlayer({
  embed,
  title,
  captions = null,
}: {
  embed: VideoEmbed | null;
  title: string;
  captions?: string | null;
}) {
  const vtt = embed?.kind === 'file' ? toWebVtt(captions) : null;
  const track = useMemo(
    () => (vtt ? URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' })) : null),
    [vtt],
  );
  useEffect(() => () => (track ? URL.revokeObjectURL(track) : undefined), [track]);
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
        <video src={embed.src} controls preload="metadata" style={fill} aria-label={title}>
          {track && <track kind="captions" src={track} srcLang="en" label="Captions" default />}
        </video>
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
