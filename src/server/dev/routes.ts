// Outside production: the mail outbox as a page a person can click through (password resets).
import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
const linkify = (s: string) =>
  escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export function devRoutes(deps: { db: Database }) {
  const latest = () => deps.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(50);
  return new Hono()
    .get('/mail.json', async (c) => c.json({ messages: await latest() }))
    .get('/mail', async (c) => {
      const rows = await latest();
      const items = rows
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${escapeHtml(m.transport)}</p><pre>${linkify(m.text)}</pre></article>`,
        )
        .join('\n');
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox · Clipsmith (development)</title>
<style>body{font:16px system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:.5rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere}a{overflow-wrap:anywhere}h2{overflow-wrap:anywhere}.meta{color:#4b5563;font-size:.875rem}</style></head>
<body><main><h1>Outbox</h1><p>E-mails the app would send. Shown only outside production.</p>${items || '<p>No e-mails yet.</p>'}</main></body></html>`);
    });
}
