// The share page's index.html: the SPA renders the page, the server adds Open Graph and Twitter
// card tags so a link pasted in a chat or a post shows the picture (crawlers run no JavaScript).
import type { SharedImage } from '../../core/api';
import { truncate } from '../../core/user';

const TITLE_LENGTH = 100;

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function shareMetaTags(image: SharedImage, publicUrl: string): string {
  const title = truncate(image.prompt, TITLE_LENGTH);
  const description = `Clipart by ${image.owner}, made with Clipsmith`;
  const imageUrl = `${publicUrl}/images/${image.id}.png`;
  const pageUrl = `${publicUrl}/i/${image.id}`;
  const tags: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Clipsmith'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', imageUrl],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(image.width)],
    ['property', 'og:image:height', String(image.height)],
    ['property', 'og:image:alt', title],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', imageUrl],
    ['name', 'twitter:image:alt', title],
  ];
  return [
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
  ].join('\n    ');
}

/** index.html with the page title replaced and the tags appended to <head>. */
export function sharePageHtml(indexHtml: string, image: SharedImage, publicUrl: string): string {
  const title = `<title>${escapeHtml(`${truncate(image.prompt, TITLE_LENGTH)} · Clipsmith`)}</title>`;
  // Function replacers: a '$' in the prompt must not be read as a replacement pattern.
  const titled = /<title>[\s\S]*?<\/title>/i.test(indexHtml)
    ? indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : indexHtml.replace(/<\/head>/i, () => `${title}\n  </head>`);
  return titled.replace(/<\/head>/i, () => `  ${shareMetaTags(image, publicUrl)}\n  </head>`);
}
