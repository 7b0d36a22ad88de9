import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The public/ files browsers and crawlers ask for at the site root (everything else lives under /assets/). */
const ROOT_FILES: Record<string, string> = {
  'favicon.svg': 'image/svg+xml',
  'robots.txt': 'text/plain; charset=utf-8',
};

export const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../../public');

/**
 * Serve ROOT_FILES from the first directory that has them (the client build, which Vite copies
 * public/ into, then public/ itself) and send /favicon.ico to the SVG icon.
 * These routes carry no name: the registry lets them through (UNNAMED_OK) and they are public.
 */
export function registerRootFiles(app: FastifyInstance, dirs: string[]) {
  for (const [name, type] of Object.entries(ROOT_FILES)) {
    const file = dirs.map((d) => path.join(d, name)).find((f) => existsSync(f));
    if (!file) continue;
    const body = readFileSync(file);
    app.get(`/${name}`, async (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=86400').send(body),
    );
  }
  app.get('/favicon.ico', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301),
  );
}
