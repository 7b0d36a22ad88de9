import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import { videoEmbed } from '@shared/settings/video';
import { videoSettingsSchema } from '@shared/settings/settings.schemas';
import type { PagePropsOf } from '@shared/pages';
import { SettingsFrame } from '../../features/settings/settings-frame';
import { VideoPlayer } from '../../features/settings/video-player';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

/** settings/video-text: the onboarding video shown on the dashboard's getting started, with its text */
export default function VideoText({ video }: PagePropsOf<'settings/video-text'>) {
  const form = useForm({
    videoUrl: video.videoUrl ?? '',
    transcript: video.videoTranscript ?? '',
    captions: video.videoCaptions ?? '',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, videoSettingsSchema)) return;
    form.put(route('settings.video.update'), { preserveScroll: true });
  };
  const saved = videoEmbed(video.videoUrl);
  return (
    <SettingsFrame section="video">
      <Stack gap="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Video address"
              description="A YouTube or Vimeo link, or the https address of a video file."
              placeholder="https://www.youtube.com/watch?v=…"
              {...fieldProps(form, 'videoUrl', videoSettingsSchema)}
            />
            <Textarea
              label="Transcript"
              description="What the video says, for members who read rather than watch."
              autosize
              minRows={4}
              maxRows={14}
              {...fieldProps(form, 'transcript', videoSettingsSchema)}
            />
            <Textarea
              label="Captions text"
              description="WebVTT or SRT text: a video file plays it as its captions; members can also read it on the dashboard."
              autosize
              minRows={3}
              maxRows={10}
              {...fieldProps(form, 'captions', videoSettingsSchema)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={form.processing}>
                Save video text
              </Button>
            </Group>
          </Stack>
        </form>
        {video.videoUrl ? (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              What members see on the dashboard
            </Text>
            <VideoPlayer
              embed={saved}
              title="Onboarding video (preview)"
              captions={video.videoCaptions}
            />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No video yet: members see the getting-started steps and the library links only.
          </Text>
        )}
      </Stack>
    </SettingsFrame>
  );
}
