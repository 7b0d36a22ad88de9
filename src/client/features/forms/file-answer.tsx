import { Anchor, Group, Image, Text } from '@mantine/core';
import { route } from '@shared/route';
import { formatSize, isAudioType, isImageType, type FileAnswer } from '@shared/forms/files';

/** A file question's answer, or null when the value is not one. */
export function asFileAnswer(v: unknown): FileAnswer | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  return typeof o.fileId === 'string' && typeof o.name === 'string'
    ? (o as unknown as FileAnswer)
    : null;
}

/**
 * A response's file: a thumbnail for a photo, its name and size, and the download (served only to
 * the team: `responses.files.show`).
 */
export function FileAnswerView({
  responseId,
  file,
  thumb = 96,
}: {
  responseId: string;
  file: FileAnswer;
  thumb?: number;
}) {
  const href = route('responses.files.show', { formResponse: responseId, file: file.fileId });
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      {isImageType(file.type) && (
        <Image
          src={href}
          alt={`Photo: ${file.name}`}
          w={thumb}
          h={thumb}
          fit="cover"
          radius="sm"
          loading="lazy"
        />
      )}
      <div>
        {isAudioType(file.type) && (
          <audio controls preload="none" src={href} aria-label={`Recording: ${file.name}`} />
        )}
        <Anchor href={href} download={file.name} size="sm" display="block">
          Download {file.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatSize(file.size)}
        </Text>
      </div>
    </Group>
  );
}
