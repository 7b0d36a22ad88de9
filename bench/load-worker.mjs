// HTTP load generator, run in a worker thread so it does not share the server's event loop.
// Closed loop: `connections` keep-alive connections, each sending its next request when the last answered.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const {
  url,
  method,
  headers,
  bodies,
  connections,
  durationMs,
  warmupMs,
  randomForwardedFor,
  freshId,
} = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let ipSeq = 0;

function once(i) {
  return new Promise((resolve) => {
    let body = bodies ? bodies[i % bodies.length] : undefined;
    // a new id in every request (each one a new record, not a retry)
    if (freshId && body !== undefined) body = body.replaceAll(freshId, randomUUID());
    const h = { ...headers };
    if (body !== undefined) h['content-length'] = Buffer.byteLength(body);
    if (randomForwardedFor) {
      ipSeq += 1;
      h['x-forwarded-for'] = `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
    }
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: h,
        agent,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(-1));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

// durationMs null: until the parent posts 'stop' (a measurement as long as a job)
let stopped = false;
parentPort.on('message', (m) => {
  if (m === 'stop') stopped = true;
});

async function run(ms, record) {
  const end = ms === null ? Infinity : performance.now() + ms;
  const latencies = [];
  const statuses = {};
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (!stopped && performance.now() < end) {
        const t0 = performance.now();
        const status = await once(i);
        if (record) {
          latencies.push(performance.now() - t0);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }
    }),
  );
  return { latencies, statuses };
}

await run(warmupMs, false);
const started = performance.now();
const { latencies, statuses } = await run(durationMs, true);
const elapsedMs = performance.now() - started;
agent.destroy();
parentPort.postMessage({ latencies, statuses, elapsedMs });
