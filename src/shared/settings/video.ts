/**
 * How an onboarding video URL is shown: YouTube and Vimeo links become their privacy-friendly
 * embed players, any other https URL plays in a <video> element. Zod-free (the dashboard uses it).
 */
export type VideoEmbed =
  { kind: 'youtube'; src: string } | { kind: 'vimeo'; src: string } | { kind: 'file'; src: string };

const YT_ID = /^[A-Za-z0-9_-]{11}$/;

export function videoEmbed(raw: string | null | undefined): VideoEmbed | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/^m\./, '');
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = url.pathname.startsWith('/embed/')
      ? url.pathname.slice(7)
      : url.pathname.startsWith('/shorts/')
        ? url.pathname.slice(8)
        : url.searchParams.get('v');
    return id && YT_ID.test(id)
      ? { kind: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}` }
      : null;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return YT_ID.test(id)
      ? { kind: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}` }
      : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.match(/(?:^|\/)(\d{5,12})(?:\/|$)/)?.[1];
    return id ? { kind: 'vimeo', src: `https://player.vimeo.com/video/${id}` } : null;
  }
  return { kind: 'file', src: url.href };
}

/** Hosts the embed players come from (the Content-Security-Policy's frame-src). */
export const VIDEO_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
