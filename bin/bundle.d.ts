import type { BuildResult } from 'esbuild';

export declare const ROOT: string;
export declare function bundleServerCode(
  entryPoints: string[] | Record<string, string>,
  outdir: string,
): Promise<BuildResult<{ metafile: true }>>;
