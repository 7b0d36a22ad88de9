import type { StreamEvent } from '@shared/assistant/assistant';

/**
 * Reads an NDJSON body line by line (the assistant's streamed answer), calling `on` for each
 * event as it arrives. Pure over the stream, so it is unit tested without a browser.
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  on: (e: StreamEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const flush = (line: string) => {
    if (line.trim()) on(JSON.parse(line) as StreamEvent);
  };
  for (;;) {
    const { done, value } = await reader.read();
    buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      flush(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
    if (done) {
      flush(buffer);
      return;
    }
  }
}
