/** The otpauth:// URI as an SVG QR code in a data URL (rendered server-side; CSP allows data: images). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  // imported on first use: a server rarely draws one, and the package holds ~8 MB once loaded
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The base32 setup key in groups of four, easier to type into an app by hand. */
export function formatSetupKey(key: string): string {
  return key.replace(/(.{4})/g, '$1 ').trim();
}
