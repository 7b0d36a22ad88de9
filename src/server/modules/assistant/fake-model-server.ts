import { createServer, type IncomingMessage, type Server } from 'node:http';

/**
 * A local stand-in for an OpenAI-compatible chat completions service (tests only): POST
 * /v1/chat/completions answers the next scripted reply as a `text/event-stream` of
 * `chat.completion.chunk` objects (content deltas, tool call deltas with arguments split across
 * chunks), ending with `data: [DONE]`, as the API documents. It records every request.
 */
type ScriptedReply =
  | { text: string }
  | { toolCalls: ReadonlyArray<{ name: string; arguments: string }> }
  /** raw SSE data lines, sent as they are */
  | { raw: readonly string[] }
  /** an error status, with a `Retry-After` header when given */
  | { status: number; retryAfter?: string };

export interface FakeModelServer {
  baseUrl: string;
  requests: Array<{ headers: IncomingMessage['headers']; body: Record<string, unknown> }>;
  replies: ScriptedReply[];
  close(): Promise<void>;
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

/** Splits a string in pieces of `n` characters (as a real stream cuts tokens). */
const pieces = (s: string, n: number) => s.match(new RegExp(`[\\s\\S]{1,${n}}`, 'g')) ?? [''];

function eventsOf(reply: ScriptedReply): readonly string[] {
  if ('raw' in reply) return reply.raw;
  if ('text' in reply)
    return [
      chunk({ role: 'assistant', content: '' }),
      ...pieces(reply.text, 7).map((p) => chunk({ content: p })),
      chunk({}, 'stop'),
    ];
  if ('toolCalls' in reply) {
    const out = [chunk({ role: 'assistant', content: null })];
    reply.toolCalls.forEach((c, index) => {
      out.push(
        chunk({
          tool_calls: [
            {
              index,
              id: `call_${index}`,
              type: 'function',
              function: { name: c.name, arguments: '' },
            },
          ],
        }),
      );
      for (const p of pieces(c.arguments, 5))
        out.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }));
    });
    out.push(chunk({}, 'tool_calls'));
    return out;
  }
  return [];
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const fake: Omit<FakeModelServer, 'baseUrl' | 'close'> = { requests: [], replies: [] };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      fake.requests.push({
        headers: req.headers,
        body: JSON.parse(body) as Record<string, unknown>,
      });
      const reply = fake.replies.shift() ?? { status: 500 };
      if ('status' in reply) {
        res.writeHead(reply.status, {
          'content-type': 'application/json',
          ...(reply.retryAfter ? { 'retry-after': reply.retryAfter } : {}),
        });
        res.end(JSON.stringify({ error: { message: 'scripted failure' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const e of eventsOf(reply)) res.write(`data: ${e}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    ...fake,
    get requests() {
      return fake.requests;
    },
    get replies() {
      return fake.replies;
    },
    set replies(r) {
      fake.replies = r;
    },
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
