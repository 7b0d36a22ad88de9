import { describe, expect, it } from 'vitest';
import { toWebVtt } from './captions';
import { videoEmbed } from './video';

describe('toWebVtt', () => {
  it('keeps WebVTT, converts SRT, refuses plain text', () => {
    expect(toWebVtt('WEBVTT\r\n\r\n00:00.000 --> 00:01.000\r\nHi')).toBe(
      'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n',
    );
    expect(
      toWebVtt('1\n00:00:01,000 --> 00:00:02,500\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nBye'),
    ).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello\n\n2\n00:00:03.000 --> 00:00:04.000\nBye\n',
    );
    expect(toWebVtt('Just words')).toBeNull();
    expect(toWebVtt(null)).toBeNull();
  });
});

describe('videoEmbed', () => {
  it('embeds YouTube and Vimeo privately, plays other https files, refuses the rest', () => {
    const yt = { kind: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };
    expect(videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toEqual(yt);
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ')).toEqual(yt);
    expect(videoEmbed('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toEqual(yt);
    expect(videoEmbed('https://vimeo.com/channels/staff/76979871')).toEqual({
      kind: 'vimeo',
      src: 'https://player.vimeo.com/video/76979871',
    });
    expect(videoEmbed('https://cdn.example.org/welcome.mp4')).toEqual({
      kind: 'file',
      src: 'https://cdn.example.org/welcome.mp4',
    });
    for (const bad of [
      'http://youtu.be/dQw4w9WgXcQ',
      'https://youtube.com/watch?v=<script>',
      'https://user:pw@example.org/a.mp4',
      'javascript:alert(1)',
      'data:video/mp4;base64,AAAA',
      'not a url',
    ])
      expect(videoEmbed(bad), bad).toBeNull();
  });
});
