import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

describe('MESSAGES', () => {
  it('keeps the spec texts exactly', () => {
    expect(MESSAGES.enterDescription).toBe('Please enter a description');
    expect(MESSAGES.fillAllFields).toBe('Please fill in all fields');
    expect(MESSAGES.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(MESSAGES.failedToCreateAccount).toBe('Failed to create an account');
    expect(MESSAGES.priceIdMissingPack).toBe('Price ID not configured for this package');
    expect(MESSAGES.premiumRequiresCredit).toBe('You need 1 credit to use premium features');
  });

  it('formats the monthly limit messages', () => {
    // Every plan may buy past its limit with credits, so every plan's message offers them.
    expect(MESSAGES.limitReached(3)).toBe(
      "You've reached your monthly limit of 3 images. Upgrade your plan or purchase credits to generate more.",
    );
    expect(MESSAGES.limitReached(30)).toBe(
      "You've reached your monthly limit of 30 images. Upgrade your plan or purchase credits to generate more.",
    );
  });

  it('gets singular and plural right', () => {
    expect(MESSAGES.themeUsesCredit(1)).toBe('This theme will use 1 credit. You have 1 credit available.');
    expect(MESSAGES.themeUsesCredit(4)).toBe('This theme will use 1 credit. You have 4 credits available.');
    expect(MESSAGES.generationsLeft(1)).toBe('You have 1 generation left this month.');
    expect(MESSAGES.generationsLeft(0)).toBe('You have 0 generations left this month.');
  });

  it('formats gallery and history texts', () => {
    expect(MESSAGES.galleryFetchError('timeout')).toBe('Error fetching images: timeout');
    expect(MESSAGES.galleryLoadFailed('offline')).toBe(
      'Failed to load images: offline. Please try again later.',
    );
    expect(MESSAGES.historyPage(2, 5)).toBe('Page 2 of 5');
  });
});
