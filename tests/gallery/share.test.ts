import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../helpers/app';
import { insertImage } from './support';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  t = await createTestApp({ overrides: { background: false } });
  return t;
}

/**
 * The SPA's own index.html, as a deep link that is never prerendered gets it. `/` is not it once
 * `npm run build` has prerendered the landing page.
 */
async function plainIndexHtml(app: TestApp) {
  return (await app.request('/history')).text();
}

/** The content of <meta property|name="key">, with entities as they appear in the HTML. */
function meta(html: string, key: string) {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];
}

describe('share page', () => {
  it('GET /api/share/:id gives a public image without sign-in; private and unknown ids are 404', async () => {
    const app = await setup();
    const { user } = await signUp(app, 'maker@example.com');
    const stranger = await signUp(app);
    const image = await insertImage(app, user.id, { prompt: 'a tiny dragon' });
    const hidden = await insertImage(app, user.id, { privacy: 'private' });

    const res = await app.request(`/api/share/${image.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: image.id,
      prompt: 'a tiny dragon',
      createdAt: image.createdAt.toISOString(),
      owner: 'Anonymous',
      url: `/images/${image.id}.png`,
      thumbUrl: `/images/${image.id}/thumb.webp`,
      width: 1024,
      height: 1024,
      hasVector: false,
      transparentBackground: true,
      privacy: 'public',
    });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    for (const id of [hidden.id, crypto.randomUUID(), 'nope']) {
      for (const cookie of ['', stranger.cookie]) {
        const miss = await app.request(`/api/share/${id}`, { cookie });
        expect(miss.status).toBe(404);
        expect((await miss.json()).error.code).toBe('not_found');
      }
    }
  });

  it('R4: GET /api/share/:id gives the owner their own private image, never cached by others', async () => {
    const app = await setup();
    const owner = await signUp(app);
    const hidden = await insertImage(app, owner.user.id, { prompt: 'my secret', privacy: 'private' });
    const res = await app.request(`/api/share/${hidden.id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toMatchObject({ id: hidden.id, prompt: 'my secret', privacy: 'private' });
  });

  it('/i/:id puts Open Graph and Twitter tags for a public image into index.html, escaped', async () => {
    const app = await setup();
    const { user } = await signUp(app);
    const prompt = `a "cat" & <script>alert('x')</script> $& robot`;
    const image = await insertImage(app, user.id, { prompt });

    const res = await app.request(`/i/${image.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const escaped = 'a &quot;cat&quot; &amp; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; $&amp; robot';
    expect(meta(html, 'og:title')).toBe(escaped);
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/images/${image.id}.png`);
    expect(meta(html, 'og:image:width')).toBe('1024');
    expect(meta(html, 'og:image:height')).toBe('1024');
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/i/${image.id}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(`${ORIGIN}/images/${image.id}.png`);
    expect(html).not.toContain('<script>alert');
    // Inside <head>, with the page title naming the picture; the SPA is still the same document.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('property="og:title"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escaped} · Clipsmith</title>`);
    // The body is the SPA's, untouched.
    const plain = await plainIndexHtml(app);
    expect(html.slice(html.indexOf('</head>'))).toBe(plain.slice(plain.indexOf('</head>')));
  });

  it('/i/:id answers the plain index.html with 404 for private images of others and unknown ids', async () => {
    const app = await setup();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const hidden = await insertImage(app, owner.user.id, { prompt: 'my secret', privacy: 'private' });
    const plain = await plainIndexHtml(app);
    for (const [id, cookie] of [
      [hidden.id, ''],
      [hidden.id, stranger.cookie],
      [crypto.randomUUID(), owner.cookie],
      ['nope', owner.cookie],
    ]) {
      const res = await app.request(`/i/${id}`, { cookie });
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toBe(plain);
      expect(html).not.toContain('og:');
      expect(html).not.toContain('my secret');
    }
  });

  it('R4: /i/:id opens for the owner of a private image, without link-preview tags', async () => {
    const app = await setup();
    const owner = await signUp(app);
    const hidden = await insertImage(app, owner.user.id, { prompt: 'my secret', privacy: 'private' });
    const plain = await plainIndexHtml(app);
    const res = await app.request(`/i/${hidden.id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toBe(plain);
    expect(html).not.toContain('og:');
  });
});
