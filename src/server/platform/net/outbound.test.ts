import { describe, expect, it } from 'vitest';
import { checkAddress, classifyAddress, resolveOutbound, type OutboundPolicy } from './outbound.js';

const strict: OutboundPolicy = { allowPrivate: false, allow: [] };
const fakeLookup = (table: Record<string, string[]>) => async (host: string) => {
  const list = table[host];
  if (!list) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** SSRF targets: each must be refused under the default policy */
const REFUSED_TARGETS = [
  '127.0.0.1',
  '127.1.2.3',
  'localhost',
  '0.0.0.0',
  '0.1.2.3',
  '::1',
  '::',
  '[::1]',
  '169.254.169.254',
  '169.254.170.2',
  'metadata.google.internal',
  'METADATA.GOOGLE.INTERNAL.',
  'fd00:ec2::254',
  '100.100.100.200',
  '169.254.1.1',
  'fe80::1',
  'fe80::1%eth0',
  '224.0.0.1',
  '239.255.255.250',
  'ff02::1',
  '255.255.255.255',
  '10.0.0.5',
  '172.16.3.4',
  '172.31.255.255',
  '192.168.1.1',
  '100.64.0.1',
  'fc00::1',
  'fd12:3456::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '::ffff:10.0.0.1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::',
  '::127.0.0.1',
  '192.0.2.10',
  '240.0.0.1',
  'rebind.example', // resolves to a public and a loopback address
  'internal.example', // resolves to a private address
];

const lookup = fakeLookup({
  localhost: ['127.0.0.1', '::1'],
  'rebind.example': ['93.184.216.34', '127.0.0.1'],
  'internal.example': ['10.1.2.3'],
  'db.example': ['93.184.216.34'],
  'v6.example': ['2606:4700::1111'],
});

describe('outbound address checks (SSRF)', () => {
  it.each(REFUSED_TARGETS)('refuses %s', async (target) => {
    const r = await resolveOutbound(target, strict, lookup);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.kind).toBe('refused');
  });

  it('has at least 20 targets', () => expect(REFUSED_TARGETS.length).toBeGreaterThanOrEqual(20));

  it('allows public addresses and answers the checked address to connect to', async () => {
    expect(await resolveOutbound('db.example', strict, lookup)).toEqual({
      ok: true,
      address: '93.184.216.34',
      family: 4,
    });
    expect(await resolveOutbound('v6.example', strict, lookup)).toMatchObject({
      ok: true,
      family: 6,
    });
    expect((await resolveOutbound('8.8.8.8', strict, lookup)).ok).toBe(true);
  });

  it('says a name that does not resolve is a DNS failure', async () => {
    const r = await resolveOutbound('nowhere.invalid', strict, lookup);
    expect(r).toMatchObject({ ok: false, kind: 'dns' });
  });

  it('names the address and why it is refused', async () => {
    const r = await resolveOutbound('internal.example', strict, lookup);
    expect(r.ok === false && r.message).toBe(
      'Connections to internal.example are not allowed: it resolves to 10.1.2.3, which is a private network address (an operator may allow private networks).',
    );
  });

  it('opens private ranges when the operator allows them, never loopback or metadata', () => {
    const open: OutboundPolicy = { allowPrivate: true, allow: [] };
    expect(checkAddress('10.0.0.5', open).ok).toBe(true);
    expect(checkAddress('::ffff:192.168.0.1', open).ok).toBe(true);
    expect(checkAddress('127.0.0.1', open).ok).toBe(false);
    expect(checkAddress('169.254.169.254', open).ok).toBe(false);
    expect(checkAddress('fd00:ec2::254', open).ok).toBe(false);
  });

  it('opens the allow list (loopback for tests) but never the metadata endpoints', () => {
    const allow: OutboundPolicy = { allowPrivate: false, allow: ['127.0.0.1', '169.254.0.0/16'] };
    expect(checkAddress('127.0.0.1', allow).ok).toBe(true);
    expect(checkAddress('::ffff:127.0.0.1', allow).ok).toBe(true);
    expect(checkAddress('127.0.0.2', allow).ok).toBe(false);
    expect(checkAddress('169.254.169.254', allow).ok).toBe(false);
    expect(checkAddress('169.254.1.1', allow).ok).toBe(true);
  });

  it('classifies', () => {
    expect(classifyAddress('8.8.8.8')).toBe('public');
    expect(classifyAddress('::ffff:8.8.8.8')).toBe('public');
    expect(classifyAddress('2001:db8::1')).toBe('reserved');
    expect(classifyAddress('not an ip')).toBeNull();
  });
});
