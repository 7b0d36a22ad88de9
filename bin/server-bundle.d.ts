export function serverBundleEntry(root?: string): string;
export function isServerBundleStale(root?: string): boolean;
