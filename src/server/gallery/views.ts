// What the API says about an image, by audience: the public card (gallery, share page) and the
// owner's view (history, generation result). Our own permanent URLs; never a provider's.
import type { GalleryItem, GeneratedImageView, HistoryItem } from '../../core/api';
import { artSetPrefixes } from '../../core/art-licences';
import { isVisibleToEveryone } from '../../core/image-access';
import type { Privacy, ThemeId } from '../../core/options';
import { publicAuthorName } from '../../core/user';
import { type GeneratedImageRow, generatedImages, profiles } from '../db/schema';

/** Our own permanent URLs (relative to the origin); the browser never sees a provider URL. */
export function imageUrls(id: string, privacy: Privacy) {
  return {
    url: `/images/${id}.png`,
    thumbUrl: `/images/${id}/thumb.webp`,
    // A link to share with others: only a public image has one (its owner reaches a private one).
    shareUrl: isVisibleToEveryone({ privacy }) ? `/i/${id}` : undefined,
  };
}

/** The columns an image's view is made of. */
export type ImageViewFields = Pick<
  GeneratedImageRow,
  | 'id'
  | 'privacy'
  | 'width'
  | 'height'
  | 'prompt'
  | 'theme'
  | 'createdAt'
  | 'hasSvg'
  | 'transparentBackground'
  | 'subjects'
  | 'artDirection'
  | 'artSets'
>;

export function imageView(row: ImageViewFields): GeneratedImageView {
  return {
    id: row.id,
    ...imageUrls(row.id, row.privacy),
    width: row.width,
    height: row.height,
    privacy: row.privacy,
    prompt: row.prompt,
    theme: row.theme as ThemeId,
    createdAt: row.createdAt.toISOString(),
    hasVector: row.hasSvg === 1,
    transparentBackground: row.transparentBackground,
    ...(row.subjects ? { subjects: row.subjects } : {}),
    ...(row.artDirection ? { artDirection: row.artDirection } : {}),
    // Pictures made before the sets were recorded: at least the sets of what they drew.
    ...(row.artSets || row.subjects
      ? { artSets: row.artSets ?? artSetPrefixes(row.subjects!.map((s) => s.art)) }
      : {}),
  };
}

export function historyItem(row: GeneratedImageRow): HistoryItem {
  return { ...imageView(row), quality: row.quality, privacyPaid: row.privacyPaid };
}

/**
 * The columns galleryItem reads, from generated_images joined with the author's profile: the
 * author line takes names only, never the e-mail (a stranger could read the address from it).
 */
export const galleryItemColumns = {
  id: generatedImages.id,
  prompt: generatedImages.prompt,
  createdAt: generatedImages.createdAt,
  width: generatedImages.width,
  height: generatedImages.height,
  hasSvg: generatedImages.hasSvg,
  transparentBackground: generatedImages.transparentBackground,
  artSets: generatedImages.artSets,
  username: profiles.username,
  usernameChangedAt: profiles.usernameChangedAt,
  fullName: profiles.fullName,
};

export function galleryItem(row: {
  id: string;
  prompt: string;
  createdAt: Date;
  width: number;
  height: number;
  username: string | null;
  usernameChangedAt: Date | null;
  fullName: string | null;
  hasSvg: number;
  transparentBackground: boolean;
  artSets?: string[] | null;
}): GalleryItem {
  const { url, thumbUrl } = imageUrls(row.id, 'public');
  return {
    id: row.id,
    prompt: row.prompt,
    createdAt: row.createdAt.toISOString(),
    owner: publicAuthorName({
      username: row.username,
      usernameChosen: row.usernameChangedAt !== null,
      fullName: row.fullName,
    }),
    url,
    thumbUrl,
    width: row.width,
    height: row.height,
    hasVector: row.hasSvg === 1,
    transparentBackground: row.transparentBackground,
    ...(row.artSets ? { artSets: row.artSets } : {}),
  };
}
