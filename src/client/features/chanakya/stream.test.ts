import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '@shared/assistant/assistant';
import { readEvents } from './stream';

const bodyOf = (parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(new TextEncoder().encode(p));
      c.close();
    },
  });

describe('readEvents', () => {
  it('yields each NDJSON line as it completes, whatever the chunking', async () => {
    const seen: StreamEvent[] = [];
    await readEvents(
      bodyOf([
        '{"type":"text","te',
        'xt":"Hel"}\n{"type":"text","text":"lo"}\n',
        '{"type":"done","messageId":"m"}',
      ]),
      (e) => seen.push(e),
    );
    expect(seen).toEqual([
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'done', messageId: 'm' },
    ]);
  });
});
