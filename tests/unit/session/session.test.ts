import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { editionFor, editionFromHost } from '../../../renderers/session/edition.ts';
import { hasPermissions } from '../../../renderers/session/permissions.ts';
import { dashboardFor, PERSONAS, withTerms } from '../../../renderers/session/personas.ts';
import { leadingZeroBits } from '../../../engine/index.ts';
import { solveProofOfWork } from '../../../renderers/auth/proof-of-work.ts';
import { afterSignIn, safeInternalPath } from '../../../renderers/auth/redirects.ts';

describe('edition from the host and the server', () => {
  it.each([
    ['console.example.uk', 'uk'],
    ['console.example.co.uk', 'uk'],
    ['CONSOLE.EXAMPLE.UK', 'uk'],
    ['console.example.com', 'us'],
    ['uk.console.example.com', 'us'],
    ['127.0.0.1', 'us'],
    // The same rule on the server, whose host names carry the port, and for fully qualified names.
    ['console.example.uk:8080', 'uk'],
    ['console.example.uk.', 'uk'],
    ['console.example.com:4173', 'us'],
  ] as const)('%s is %s', (host, edition) => expect(editionFromHost(host)).toBe(edition));

  it('the server or the UK flag can turn UK on, never off', () => {
    expect(editionFor('localhost', 'uk')).toBe('uk');
    expect(editionFor('localhost', 'us', true)).toBe('uk');
    expect(editionFor('a.uk', 'us', false)).toBe('uk');
    expect(editionFor('localhost', 'us', false)).toBe('us');
  });
});

describe('permissions', () => {
  const granted = ['quote:read', 'quote:write'];
  it.each([
    [['quote:read'], 'all', true],
    [['quote:read', 'policy:read'], 'all', false],
    [['quote:read', 'policy:read'], 'any', true],
    [['policy:read'], 'any', false],
    ['any', 'all', true],
    ['none', 'all', false],
  ] as const)('%j (%s) is %s', (required, match, expected) => expect(hasPermissions(granted, required, match)).toBe(expected));
});

describe('personas', () => {
  it('lands each account type on its dashboard', () => {
    expect(dashboardFor('VENDOR')).toBe('/vendor/claims');
    expect(dashboardFor('COWBELL')).toBe('/admin/dashboard');
    expect(dashboardFor('DIGITAL')).toBe('/da/dashboard');
    expect(dashboardFor('UNKNOWN')).toBe('/login');
    expect(PERSONAS).toHaveLength(10);
  });

  it('names the agency area with the edition term', () => {
    expect(withTerms('{{Agency}}', { Agency: 'Brokerage' })).toBe('Brokerage');
  });
});

describe('redirects after sign-in', () => {
  it('go to the link redirect, then the from location, else /loading', () => {
    expect(afterSignIn({ redirectURL: '/quote/1/request-to-bind/P250', from: { pathname: '/agency', search: '', hash: '' } })).toBe(
      '/quote/1/request-to-bind/P250',
    );
    expect(afterSignIn({ from: { pathname: '/admin/gallery/claim', search: '?edition=uk', hash: '' } })).toBe('/admin/gallery/claim?edition=uk');
    expect(afterSignIn(null)).toBe('/loading');
  });

  it('never leave the console', () => {
    expect(safeInternalPath('//evil.example/x')).toBeUndefined();
    expect(safeInternalPath('https://evil.example')).toBeUndefined();
    expect(safeInternalPath('/\\evil.example')).toBeUndefined();
    expect(safeInternalPath('/agency/dashboard')).toBe('/agency/dashboard');
  });
});

describe('the forgot-password proof of work', () => {
  const digest = async (bytes: Uint8Array<ArrayBuffer>) => {
    const hash = createHash('sha256').update(bytes).digest();
    return hash.buffer.slice(hash.byteOffset, hash.byteOffset + hash.byteLength) as ArrayBuffer;
  };

  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0x0f, 0xff]))).toBe(12);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('finds a nonce whose hash meets the difficulty', async () => {
    const nonce = await solveProofOfWork('salt-123', 10, digest);
    expect(nonce).toBeDefined();
    const hash = createHash('sha256').update(`salt-123${nonce}`).digest();
    expect(leadingZeroBits(new Uint8Array(hash))).toBeGreaterThanOrEqual(10);
  });

  it('gives up after the attempts allowed', async () => {
    expect(await solveProofOfWork('salt', 256, digest, 50)).toBeUndefined();
  });
});
