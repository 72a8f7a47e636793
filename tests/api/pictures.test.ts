import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Profile pictures (spec 001 section 7 Pictures and logos; section 5 Profile picture: 'PNG, JPG or GIF, at most
 * 2MB'): real PNG, JPEG and GIF bytes made with sharp are uploaded as multipart, cropped on the server to the
 * square asked for and served back; the type is judged by the bytes (a text file named .png is refused), the
 * size by the server, and another organisation's user's picture answers like a missing one.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const UK_HOST = 'console.example.uk';

/** A photo-like image: a gradient with a red square at (200, 100) of side 100, so a crop can be checked by colour. */
async function image(format: 'png' | 'jpeg' | 'gif' | 'webp', width = 800, height = 600): Promise<Buffer> {
  const red = await sharp({ create: { width: 100, height: 100, channels: 3, background: { r: 230, g: 20, b: 20 } } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .composite([{ input: red, left: 200, top: 100 }])
    .toFormat(format)
    .toBuffer();
}

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = `----picture-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(caller: string, file: Buffer, filename: string, contentType: string, host?: string) {
  const body = multipart(file, filename, contentType);
  return t.inject({
    method: 'POST', url: '/api/user/v1/pic/initial', payload: body.payload,
    headers: { authorization: `Bearer ${tokens[caller]}`, 'content-type': body.contentType, ...(host ? { host } : {}) },
  });
}

function call(caller: string, method: 'GET' | 'POST' | 'DELETE', url: string) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[caller]}` } });
}

beforeAll(async () => {
  t = await startTestApp();
  for (const [name, email] of Object.entries({ agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example' })) {
    tokens[name] = (await t.tokensFor(email)).accessToken;
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('upload and crop', () => {
  it('a PNG is uploaded, cropped on the server to the square asked for, and becomes the avatar', async () => {
    const uploaded = await upload('agent', await image('png'), 'me.png', 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toEqual({ contentType: 'image/png', width: 800, height: 600 });

    const cropped = await call('agent', 'POST', '/api/user/v1/pic/crop?xCoordinate=200&yCoordinate=100&size=100');
    expect(cropped.statusCode, cropped.body).toBe(200);
    expect(cropped.json().message).toBe('Photo Uploaded Successfully!');

    const picture = await call('agent', 'GET', '/api/user/v1/pic');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const bytes = picture.rawPayload;
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    // The square asked for was the red one: the picture is red all over.
    const { dominant } = await sharp(bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(60);

    const me = (await call('agent', 'GET', '/api/auth/v1/me')).json();
    expect(me.avatarUrl).toBe(cropped.json().avatarUrl);
    const actions = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'user.picture%'`, [me.id]);
    expect(actions.map((row) => row.action)).toEqual(['user.picture-update']);
  });

  it.each([
    ['JPEG', 'jpeg', 'portrait.jpg', 'image/jpeg', 'image/jpeg', 'jpeg'],
    ['GIF', 'gif', 'animated.gif', 'image/gif', 'image/png', 'png'],
  ] as const)('a %s is cropped too (without a size: the largest square from the corner)', async (_, format, filename, sent, stored, storedFormat) => {
    const uploaded = await upload('broker', await image(format, 640, 480), filename, sent, UK_HOST);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toEqual({ contentType: sent, width: 640, height: 480 });
    const cropped = await call('broker', 'POST', '/api/user/v1/pic/crop?xCoordinate=40&yCoordinate=0');
    expect(cropped.statusCode, cropped.body).toBe(200);
    const picture = await call('broker', 'GET', '/api/user/v1/pic');
    expect(picture.headers['content-type']).toBe(stored);
    const meta = await sharp(picture.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([storedFormat, 256, 256]);
  });

  it("a file over 2MB is refused with the spec's text", async () => {
    // Noise does not compress: a real 1100 x 1100 PNG of it weighs well over 2MB.
    const noise = Buffer.alloc(1100 * 1100 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1100, height: 1100, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const refused = await upload('agent', big, 'big.png', 'image/png');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe('The file size is too big, 2MB max.');
  });

  it.each([
    ['a text file named .png', Buffer.from('This is not an image, only its name says so.\n'.repeat(20)), 'photo.png', 'image/png'],
    ['a WebP image', null, 'photo.webp', 'image/webp'],
    ['a PNG header on nothing', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'broken.png', 'image/png'],
  ])('the type is judged by the bytes: %s is refused', async (_, bytes, filename, contentType) => {
    const file = bytes ?? (await image('webp'));
    const refused = await upload('agent', file, filename, contentType);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toMatch(/^(Please choose a PNG, JPG or GIF image\.|This image could not be read\. Please choose another PNG, JPG or GIF image\.)$/);
  });

  it('a crop outside the image, or without an upload, is refused', async () => {
    expect((await upload('otherAgent', await image('png', 300, 200), 'a.png', 'image/png')).statusCode).toBe(200);
    const outside = await call('otherAgent', 'POST', '/api/user/v1/pic/crop?xCoordinate=250&yCoordinate=0&size=100');
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('The crop must lie within the image.');
    expect((await call('otherAgent', 'POST', '/api/user/v1/pic/crop?xCoordinate=0&yCoordinate=0')).statusCode).toBe(200);
    const again = await call('otherAgent', 'POST', '/api/user/v1/pic/crop?xCoordinate=0&yCoordinate=0');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Upload an image before cropping it.');
  });
});

describe('reading and removing', () => {
  it("a user's picture by e-mail within the tenant rule; another organisation's answers like none", async () => {
    expect((await upload('agent', await image('png'), 'me.png', 'image/png')).statusCode).toBe(200);
    expect((await call('agent', 'POST', '/api/user/v1/pic/crop?xCoordinate=0&yCoordinate=0&size=300')).statusCode).toBe(200);
    const byAdmin = await call('admin', 'GET', '/api/user/v1/pic/email/agent%40agency.example');
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['content-type']).toBe('image/png');
    const foreign = await call('otherAgent', 'GET', '/api/user/v1/pic/email/agent%40agency.example');
    expect(foreign.statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/user/v1/pic/email/nobody%40nowhere.example')).statusCode).toBe(404);
    const list = (await call('agent', 'GET', '/api/auth/v1/users/all?search=agent%40agency')).json().content;
    expect(list[0].hasPicture).toBe(true);
  });

  it('removing the picture takes the avatar away', async () => {
    const removed = await call('agent', 'DELETE', '/api/user/v1/pic');
    expect(removed.statusCode).toBe(200);
    expect((await call('agent', 'GET', '/api/user/v1/pic')).statusCode).toBe(404);
    expect((await call('agent', 'GET', '/api/auth/v1/me')).json().avatarUrl).toBeNull();
  });
});
