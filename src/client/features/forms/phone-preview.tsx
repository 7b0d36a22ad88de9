import { useMemo, useState } from 'react';
import { Box, Button, Card, Modal, Text } from '@mantine/core';

/** A phone's screen: the public page is built for it (the journeys check 375 px). */
const PHONE = { width: 375, height: 720 };

/**
 * The draft on a phone-sized screen: its test link in a frame (the real public page, so skip
 * logic, validation and languages work as respondents will see them; what is sent there is a test
 * response). The frame loads again whenever the draft's questions change.
 */
function PhoneFrame({ url, version }: { url: string; version: string }) {
  return (
    <Box
      style={{
        width: PHONE.width + 16,
        padding: 8,
        borderRadius: 28,
        background: 'var(--mantine-color-dark-7)',
      }}
    >
      <iframe
        key={version}
        src={url}
        title="The draft on a phone (its test link)"
        width={PHONE.width}
        style={{
          display: 'block',
          // a phone's height, or what the screen has room for
          height: `min(${PHONE.height}px, calc(100vh - 180px))`,
          border: 0,
          borderRadius: 20,
          background: '#fff',
        }}
      />
    </Box>
  );
}

/** A short digest of the draft, so the frame reloads when a question changes. */
function useDraftVersion(questions: unknown): string {
  return useMemo(() => {
    const text = JSON.stringify(questions);
    let h = 0;
    for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
    return `${text.length}-${h}`;
  }, [questions]);
}

/** The "Preview on a phone" button (any width) and its dialog. */
export function PhonePreviewButton({ url, questions }: { url: string; questions: unknown }) {
  const [open, setOpen] = useState(false);
  const version = useDraftVersion(questions);
  return (
    <>
      <Button variant="light" size="sm" onClick={() => setOpen(true)}>
        Preview on a phone
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Preview on a phone"
        size="auto"
        centered
        closeButtonProps={{ 'aria-label': 'Close the preview' }}
      >
        <PhoneFrame url={url} version={version} />
      </Modal>
    </>
  );
}

/** Beside the builder on a wide screen: the draft on a phone, kept in view while scrolling. */
export function PhonePreviewPanel({ url, questions }: { url: string | null; questions: unknown }) {
  const version = useDraftVersion(questions);
  return (
    <Box visibleFrom="xl" style={{ position: 'sticky', top: 80, flex: 'none' }}>
      <Card withBorder radius="md" padding="md">
        <Text size="sm" fw={600} mb="xs">
          On a phone
        </Text>
        {url ? (
          <PhoneFrame url={url} version={version} />
        ) : (
          <Text size="sm" c="dimmed" maw={PHONE.width}>
            Make a test link (under “Test this draft”) to see the draft here as respondents will on
            a phone.
          </Text>
        )}
      </Card>
    </Box>
  );
}
