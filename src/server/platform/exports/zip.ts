import { PassThrough, Readable } from 'node:stream';
import JSZip from 'jszip';

/** One file of a streamed zip: its name in the archive and its content, read chunk by chunk. */
export interface ZipEntry {
  name: string;
  chunks: AsyncIterable<string | Buffer>;
}

const asBuffers = async function* (chunks: AsyncIterable<string | Buffer>) {
  for await (const c of chunks) yield typeof c === 'string' ? Buffer.from(c, 'utf8') : c;
};

/**
 * A zip streamed as it is written (jszip reads each entry's stream in turn, so only the entry being
 * written is in memory a chunk at a time): what a CSV export of several tables downloads.
 */
export async function* zipStream(entries: ZipEntry[]): AsyncGenerator<Buffer> {
  const zip = new JSZip();
  for (const e of entries) zip.file(e.name, Readable.from(asBuffers(e.chunks)));
  const out = zip.generateNodeStream({
    type: 'nodebuffer',
    streamFiles: true,
    compression: 'DEFLATE',
  });
  // jszip's stream is an old-style one (readable-stream 2, not async iterable): piped through a
  // Node stream, its error fails the download
  const pass = new PassThrough();
  out.on('error', (err: Error) => pass.destroy(err));
  out.pipe(pass);
  for await (const chunk of pass) yield chunk as Buffer;
}
