// Changing an image's privacy, at the price core/image-access sets.

import { and, eq } from 'drizzle-orm';
import type { PrivacyChange } from '../../core/api';
import { DomainError, notFound } from '../../core/domain-error';
import { isUuid } from '../../core/ids';
import { privacyChangeCost } from '../../core/image-access';
import type { Privacy } from '../../core/options';
import { ledgerDescription } from '../../core/user';
import { getBalance, spendCredits } from '../credits/service';
import type { Database } from '../db/client';
import { generatedImages } from '../db/schema';
import { effectiveTier } from '../membership/plan';
import type { GalleryCache } from './first-page-cache';
import { historyItem } from './views';

// Someone else's image and a missing one both answer 404: ids reveal nothing.
const privacyReference = (imageId: string) => `privacy:${imageId}`;

/**
 * Changes an image's privacy at the price core/image-access sets: paid at most once per image
 * (at generation or by a change), then free both ways. A credit, when one is due, is spent in the
 * same transaction as the update, and the ledger's unique (reference, type) admits one
 * 'privacy:<id>' spend per image, so even a race cannot charge twice. Explore's cached first page
 * is dropped once the change has committed (a picture made private leaves it at once).
 */
export async function changePrivacy(opts: {
  db: Database;
  galleryCache: GalleryCache;
  userId: string;
  imageId: string;
  privacy: Privacy;
}): Promise<PrivacyChange> {
  if (!isUuid(opts.imageId)) throw notFound('Image not found');
  const change = await opts.db.transaction(async (tx): Promise<PrivacyChange> => {
    // The row lock queues concurrent changes of one image, so privacy_paid is read settled.
    const [image] = await tx
      .select()
      .from(generatedImages)
      .where(and(eq(generatedImages.id, opts.imageId), eq(generatedImages.userId, opts.userId)))
      .for('update');
    if (!image) throw notFound('Image not found');

    const tier = await effectiveTier(tx, opts.userId);
    const ask = (credits: number) =>
      privacyChangeCost({
        image,
        to: opts.privacy,
        member: { tier, credits },
        alreadyPaid: image.privacyPaid,
      });
    const change = ask(await getBalance(tx, opts.userId));
    if (!change.allowed) throw new DomainError('insufficient_credits', change.message, { code: change.code });
    if (change.reason === 'unchanged') return { image: historyItem(image), cost: 0 };
    if (change.cost > 0) {
      const left = await spendCredits(tx, {
        userId: opts.userId,
        amount: change.cost,
        description: `Made private: ${ledgerDescription(image.prompt)}`,
        referenceId: privacyReference(opts.imageId),
      });
      if (left === null) {
        // Another request of this member spent the credit meanwhile: refuse as the balance now says.
        const again = ask(await getBalance(tx, opts.userId));
        throw again.allowed
          ? new DomainError('conflict', 'Your balance changed meanwhile. Please try again.')
          : new DomainError('insufficient_credits', again.message, { code: again.code });
      }
    }
    const [updated] = await tx
      .update(generatedImages)
      .set({ privacy: opts.privacy, privacyPaid: change.paidAfter })
      .where(eq(generatedImages.id, opts.imageId))
      .returning();
    return { image: historyItem(updated), cost: change.cost };
  });
  await opts.galleryCache.invalidate();
  return change;
}
