import { describe, expect, test } from 'vitest';
import { editionFromHost } from '../../../engine/index.ts';
import { readConfig } from '../../../server/config.ts';
import { publicLink } from '../../../server/mail/public-link.ts';

/** Each edition's public address (PUBLIC_URL, PUBLIC_URL_UK): the host of a link decides the edition it opens. */
describe('the editions\' public addresses', () => {
  test('development: the US edition on localhost, the UK edition on a host the server answers as UK', () => {
    const config = readConfig({ PORT: '4541' }, '/tmp');
    expect(config.publicUrls.us).toBe('http://localhost:4541');
    expect(editionFromHost(new URL(config.publicUrls.us).host)).toBe('us');
    expect(editionFromHost(new URL(config.publicUrls.uk).host)).toBe('uk');
    expect(new URL(config.publicUrls.uk).port).toBe('4541');
    expect(config.publicUrlsConfigured).toEqual({ us: false, uk: false });
  });

  test('configured: each edition its own, trailing slashes dropped', () => {
    const config = readConfig({ PUBLIC_URL: 'https://console.example/', PUBLIC_URL_UK: 'https://console.example.co.uk//' }, '/tmp');
    expect(config.publicUrls).toEqual({ us: 'https://console.example', uk: 'https://console.example.co.uk' });
    expect(config.publicUrl).toBe('https://console.example');
    expect(config.publicUrlsConfigured).toEqual({ us: true, uk: true });
  });

  // [variable, value, the refusal]: an address whose host opens the other edition would send every recipient there.
  const REFUSED: Array<[string, string, RegExp]> = [
    ['PUBLIC_URL_UK', 'https://console.example', /PUBLIC_URL_UK opens the US edition/],
    ['PUBLIC_URL', 'https://console.example.uk', /PUBLIC_URL opens the UK edition/],
    ['PUBLIC_URL_UK', 'console.example.uk', /PUBLIC_URL_UK must be an address/],
  ];
  test.each(REFUSED)('%s=%s is refused', (name, value, refusal) => {
    expect(() => readConfig({ [name]: value }, '/tmp')).toThrow(refusal);
  });

  // [edition, path, link]
  const LINKS: Array<['us' | 'uk', string, string]> = [
    ['us', '/validate/abc', 'https://console.example/validate/abc'],
    ['uk', '/validate/abc', 'https://console.example.uk/validate/abc'],
    ['uk', 'customer/policies/1', 'https://console.example.uk/customer/policies/1'],
  ];
  test.each(LINKS)('a %s recipient\'s link to %s is %s', (edition, path, link) => {
    expect(publicLink({ publicUrls: { us: 'https://console.example', uk: 'https://console.example.uk' } }, edition, path)).toBe(link);
  });
});
