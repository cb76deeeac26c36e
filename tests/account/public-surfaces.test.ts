// No stranger learns a member's e-mail: every public page, API answer and file of a member's
// public pictures is read as a visitor (Explore as another member), and neither the address nor
// its local part (nor a piece of it) appears anywhere. Then the member chooses a display name,
// and that is the author Explore and the share page show, as their own header does.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { generateImage } from '../helpers/members';

const EMAIL = 'Zyxwv.Quokkaleak+clips@example.com';
const FORBIDDEN = ['zyxwv', 'quokkaleak', 'zyxwv.quokkaleak', 'zyxwv_quokkaleak', EMAIL.toLowerCase()];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { background: false } });
});
afterAll(() => t?.close());

/** Every header and the body, as text (binary files as latin1, so PNG/WebP metadata is searched too). */
async function everything(res: Response): Promise<string> {
  const headers = [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  const bytes = Buffer.from(await res.arrayBuffer());
  return `${headers}\n${bytes.toString('latin1')}`.toLowerCase();
}

function expectNoEmail(where: string, text: string) {
  for (const piece of FORBIDDEN) expect(text.includes(piece), `${where} contains "${piece}"`).toBe(false);
}

it('no public page, answer or file carries the e-mail or its local part; the chosen display name is shown', async () => {
  const member = await signUp(t, EMAIL);
  const other = await signUp(t);
  const pictures = [
    (await generateImage(t, member, { prompt: 'a happy lighthouse' })).image,
    (await generateImage(t, member, { prompt: 'a sleepy moon' })).image,
  ];

  const surfaces = (id: string) => [
    `/i/${id}`,
    `/api/share/${id}`,
    `/images/${id}.png`,
    `/images/${id}/thumb.webp`,
    `/images/${id}/download?format=png&size=512`,
    `/images/${id}/download?format=svg&size=512`,
    `/images/${id}/download?format=webp&size=256`,
    `/images/${id}/download?format=jpg&size=256`,
  ];
  for (const picture of pictures) {
    for (const path of surfaces(picture.id)) {
      const res = await t.request(path);
      expect(res.status, path).toBe(200);
      expectNoEmail(`visitor ${path}`, await everything(res));
    }
  }
  for (const path of ['/', '/explore', '/api/meta']) {
    const res = await t.request(path);
    expectNoEmail(`visitor ${path}`, await everything(res));
  }
  // Explore is for members: read it as another one.
  const explore = await t.request('/api/gallery', { cookie: other.cookie });
  expect(explore.status).toBe(200);
  const gallery = (await explore.clone().json()) as { items: Array<{ id: string; owner: string }> };
  expectNoEmail('Explore as another member', await everything(explore));
  for (const picture of pictures) {
    expect(gallery.items.find((i) => i.id === picture.id)?.owner).toBe('Anonymous');
  }

  // The member's own view names them by their neutral username until they choose a name.
  const me = (await (await t.request('/api/me', { cookie: member.cookie })).json()) as {
    user: { name: string; username: string; avatarInitials: string };
  };
  expect(me.user.name).toBe(me.user.username);
  expectNoEmail('the member’s own name', `${me.user.name} ${me.user.avatarInitials}`.toLowerCase());

  // One name everywhere: the chosen display name shows on Explore and share pages as in the
  // member's own header, even beside a chosen username.
  const profile = await t.request('/api/me/profile', {
    method: 'PATCH',
    cookie: member.cookie,
    json: { fullName: 'Sunny Maker', username: 'sunny_drawer' },
  });
  expect(profile.status).toBe(200);
  const after = (await (await t.request('/api/gallery', { cookie: other.cookie })).json()) as {
    items: Array<{ id: string; owner: string }>;
  };
  expect(after.items.find((i) => i.id === pictures[0].id)?.owner).toBe('Sunny Maker');
  const shared = (await (await t.request(`/api/share/${pictures[0].id}`)).json()) as { owner: string };
  expect(shared.owner).toBe('Sunny Maker');
  const page = await (await t.request(`/i/${pictures[0].id}`)).text();
  expect(page).toContain('content="Clipart by Sunny Maker, made with Clipsmith"');
  const named = (await (await t.request('/api/me', { cookie: member.cookie })).json()) as {
    user: { name: string };
  };
  expect(named.user.name).toBe('Sunny Maker');
});
