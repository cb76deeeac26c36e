// Standard resolution (Free: up to 1024 px) and full resolution (Basic and above: up to 2048 px),
// asked at download time of the asker's plan: the menu's larger sizes, the share page's download and
// the REST API all go through it.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, enterpriseMember, v1 } from '../helpers/api-keys';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { setTier } from '../helpers/members';
import { addPicture } from './support';

let t: TestApp;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 1024, height: 1024, channels: 4, background: '#2563eb' } })
    .png()
    .toBuffer();
});
afterAll(() => t?.close());

const download = (id: string, query: string, cookie?: string) =>
  t.request(`/images/${id}/download?${query}`, { cookie });

async function widthOf(res: Response) {
  return (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width;
}

describe('download sizes by plan', () => {
  it('refuses a Free member 2048 px of their own picture with 403 naming Basic; 1024 px and any SVG are theirs', async () => {
    const free = await signUp(t);
    const id = await addPicture(t, { userId: free.user.id, png, privacy: 'private' });
    const refused = await download(id, 'format=png&size=2048', free.cookie);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({
      code: 'plan_required',
      message: 'Free downloads up to 1024 px: 2048 px needs the Basic plan or above.',
    });
    for (const format of ['webp', 'jpg']) {
      expect((await download(id, `format=${format}&size=2048`, free.cookie)).status).toBe(403);
    }
    const standard = await download(id, 'format=png&size=1024', free.cookie);
    expect(standard.status).toBe(200);
    expect(await widthOf(standard)).toBe(1024);
    const vector = await download(id, 'format=svg&size=2048', free.cookie);
    expect(vector.status).toBe(200);
    expect(await vector.text()).toMatch(/^<svg width="2048" height="2048"/);
  });

  it('gives every earlier picture 2048 px once the member upgrades, and takes it back on a downgrade', async () => {
    const member = await signUp(t);
    const earlier = await addPicture(t, { userId: member.user.id, png, privacy: 'public' });
    expect((await download(earlier, 'format=webp&size=2048', member.cookie)).status).toBe(403);

    await setTier(t, member.user.id, 'basic');
    const full = await download(earlier, 'format=webp&size=2048', member.cookie);
    expect(full.status).toBe(200);
    expect(await widthOf(full)).toBe(2048);

    await setTier(t, member.user.id, 'free');
    // Already rendered and stored: still refused, the plan is asked before the cache.
    expect((await download(earlier, 'format=webp&size=2048', member.cookie)).status).toBe(403);
  });

  it("goes by the asker's plan for a public picture: a visitor (the share page) is Free, a Basic member gets 2048 px", async () => {
    const owner = await signUp(t);
    await setTier(t, owner.user.id, 'premium');
    const id = await addPicture(t, { userId: owner.user.id, png, privacy: 'public' });

    const visitor = await download(id, 'format=png&size=2048');
    expect(visitor.status).toBe(403);
    expect((await visitor.json()).error.message).toMatch(/needs the Basic plan/);
    const freeMember = await signUp(t);
    expect((await download(id, 'format=png&size=2048', freeMember.cookie)).status).toBe(403);
    expect((await download(id, 'format=png&size=1024')).status).toBe(200);

    const basic = await signUp(t);
    await setTier(t, basic.user.id, 'basic');
    const full = await download(id, 'format=png&size=2048', basic.cookie);
    expect(full.status).toBe(200);
    expect(await widthOf(full)).toBe(2048);
    // A shared cache must not hand the member's size to a visitor.
    expect(full.headers.get('cache-control')).toMatch(/^private/);
    const owners = await download(id, 'format=png&size=2048', owner.cookie);
    expect(owners.status).toBe(200);
  });

  it('gives 2048 px through the REST API (an API member is on Enterprise)', async () => {
    const member = await enterpriseMember(t);
    const { key } = await createKey(t, member);
    const id = await addPicture(t, { userId: member.user.id, png, privacy: 'private' });
    const res = await v1(t, key, `/images/${id}/download?format=png&size=2048`);
    expect(res.status).toBe(200);
    expect(await widthOf(res)).toBe(2048);
  });
});
