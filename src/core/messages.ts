import {
  MAX_VARIATIONS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  STYLE_NAME_MAX_LENGTH,
  STYLE_WORDS_MAX_LENGTH,
} from './constants';

/**
 * Every user-facing text that code (server or web) needs, in one place so the server's
 * error messages and the UI's copy cannot drift apart. Texts come from SPEC §2, §5 and §8;
 * additions of ours (provider errors, schema messages) are marked.
 */

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

export const MESSAGES = {
  // Generator
  enterDescription: 'Please enter a description',
  promptRequired: 'Prompt is required',
  /** Ours: the spec has no maximum length. */
  promptTooLong: 'Your description is too long: keep it to 1000 characters or fewer',
  copied: 'Copied!',
  noImageData: 'No image data in the API response',
  noImageUrlOrData: 'No image URL or data in the API response',
  noImageDataReturned: 'No image data returned from the API',
  failedToGenerate: 'Failed to generate image',
  noValidImage: 'Failed to generate a valid image after multiple attempts',
  /**
   * The built-in composer has no art for the prompt's subject; nothing was charged. Member words
   * only: the operator's advice (set up an AI provider) goes to the log, see providers/offline.ts.
   */
  composerMiss: (words: readonly string[]) =>
    `The built-in clipart composer could not draw ${words.map((w) => `"${w}"`).join(', ')}. Try a plainer noun for the main thing (for example "dog", "house" or "lighthouse"). You can also describe it by what it looks like ("a round green monster"). Nothing was charged.`,
  imageLoadFailed: 'Failed to load the generated image',
  /** Ours: provider rate limit / overload (the spec leaves provider errors undisplayed). */
  providerBusy: 'The image service is busy, please try again in a minute',
  /** Ours: the provider's or our moderation refused the prompt. */
  promptDeclined: 'This prompt was declined by the content filter. Please rephrase it.',
  /** Ours: provider misconfigured, unreachable or erroring. */
  generationUnavailable: 'Image generation is temporarily unavailable',

  // Entitlement
  premiumRequiresCredit: 'You need 1 credit to use premium features',
  /** Every plan: credits buy images past the monthly limit (ours: the spec allowed only Free). */
  limitReached: (limit: number) =>
    `You've reached your monthly limit of ${limit} images. Upgrade your plan or purchase credits to generate more.`,
  /** Ours: the cost line when the monthly images are used and a credit pays for this one. */
  overLimitUsesCredit: 'Monthly images used — this one uses 1 credit',
  usesOneCredit: 'Uses 1 credit',
  /** Ours: variations (several pictures from one request) are Premium's and Enterprise's. */
  variationsNeedPremium: `Several pictures from one prompt are part of the Premium plan. Upgrade to Premium to ask for up to ${MAX_VARIATIONS} at once.`,
  variationsCount: `Ask for 1 to ${MAX_VARIATIONS} pictures`,
  /** Ours: all the asked-for variations must fit (allowance and credits), or none is made. */
  variationsDoNotFit: (left: number) =>
    `You can make ${left} more ${left === 1 ? 'image' : 'images'} this month — ask for ${left} or fewer, or buy credits.`,
  /** Ours: a free member without credits asks to make a public picture private. */
  privacyRequiresCredit:
    'Making this picture private uses 1 credit, and you have none. Buy credits or choose a plan, then try again.',
  notEnoughCredits: 'Not enough credits',
  clickToUseCredit: 'Click to use 1 credit',
  /** Ours (issue 37): a premium tile says its price; once a credit is being spent, it is included. */
  premiumTileCost: '1 credit',
  premiumTileIncluded: 'Included in this picture’s 1 credit',
  premiumTileLocked: '1 credit · Not enough credits',
  themeUpgrade: 'Upgrade to Premium or purchase credits to unlock all themes!',
  themeUsesCredit: (credits: number) =>
    `This theme will use 1 credit. You have ${credits} ${plural(credits, 'credit', 'credits')} available.`,
  generationsLeft: (left: number) =>
    `You have ${left} ${plural(left, 'generation', 'generations')} left this month.`,

  /** Ours: a text field holds a NUL byte or half of an emoji (only a script sends those). */
  unstorableText:
    'This text contains characters that cannot be saved (a NUL byte or a broken emoji). Please retype it.',

  // Sign-in and sign-up
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  emailOrPhoneRequired: 'You must provide either an email or phone number and a password',
  unknownSignInError: 'An unknown error occurred during sign in',
  failedToLogIn: 'Failed to log in',
  failedToSignIn: 'Failed to sign in',
  failedToCreateAccount: 'Failed to create an account',
  signingIn: 'Signing in...',
  creatingAccount: 'Creating account...',
  /** Ours: sign-up's messages, one per field, each saying what that field needs. */
  enterEmail: 'Enter your e-mail address',
  choosePassword: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters`,
  confirmPassword: 'Type the same password again to confirm it',
  acceptTerms: 'Accept the terms to continue',
  /** Ours: schema messages. */
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  /** Ours: the whole rule the server applies (length and the strength check), shown before typing. */
  passwordRule: `At least ${PASSWORD_MIN_LENGTH} characters and hard to guess: a few unusual words together work well.`,
  /** Ours: live feedback while a new password is typed. */
  passwordStrongEnough: 'Strong enough.',
  /** Ours: refused by the strength check (common, breached or patterned); the reason follows. */
  passwordTooEasy: 'This password is too easy to guess',
  /** Ours: signing in with the right password before confirming the address (a new link is sent). */
  emailNotConfirmed:
    'Please confirm your e-mail address first: we have just sent you a new link. It may take a minute to arrive.',
  /** Ours: the link that finishes a sign-up is broken, expired, or its account is gone. */
  confirmationLinkInvalid:
    'This confirmation link is invalid or has expired. Sign in with your e-mail and password and we will send you a new one.',
  /** Ours: a confirmation link to an account signed up for more than once keeps no password. */
  choosePasswordAfterContestedSignUp:
    'This address was signed up for more than once before it was confirmed, so choose your password now.',
  /** Ours: the advice when the strength check gives none of its own. */
  passwordAdvice: 'Try a few unusual words together: long passphrases are welcome.',

  // Access
  signInToExplore: 'Please sign in to view the explore page',
  signInToView: 'Please sign in to view this page',

  // Settings
  fullNameRequired: 'Display name is required',
  fullNameTooLong: 'Display name must be at most 100 characters',
  /** Ours: the one sentence saying what of the profile is public (issue 37). */
  displayNamePublic:
    'Your display name is shown in your menu and with the pictures you make public (Explore and share pages). Your e-mail address is never shown.',
  usernameInvalid: 'Username must be 3–30 characters: letters, numbers and underscores',
  usernameTaken: 'Username is already taken',
  usernameChangeOnce: 'Username can only be changed once',
  /** Ours: the server refuses a second change. */
  usernameAlreadyChanged: 'Your username has already been changed once',
  emailContactSupport: 'Contact support to change your email address',
  profileUpdated: 'Profile updated successfully!',
  failedToLoadProfile: 'Failed to load profile data',
  failedToUpdateProfile: 'Failed to update profile',
  saving: 'Saving...',
  /** Ours: delete-account confirmation. */
  confirmEmailMismatch: 'Type your own email address to confirm',

  // Payments
  stripeInitFailed: 'Stripe failed to initialize',
  failedToCreateCheckoutSession: 'Failed to create checkout session',
  startCheckoutFailed: 'Failed to start checkout. Please try again.',
  priceIdMissingPlan: 'Price ID not configured for this plan',
  priceIdMissingPack: 'Price ID not configured for this package',
  /** Ours: premium and enterprise are not for sale yet. */
  unknownPlan: 'Unknown plan',
  unknownPack: 'Unknown credit pack',
  processing: 'Processing...',
  invalidReturnPath: 'Return path must be a page on this site',

  // Custom styles (ours: a Premium extra of issue 24)
  stylesNeedPremium: 'Custom styles come with the Premium plan. Upgrade to Premium to save and use them.',
  styleNameRequired: 'Give the style a name',
  styleNameTooLong: `Keep the style name to ${STYLE_NAME_MAX_LENGTH} characters or fewer`,
  styleWordsTooLong: `Keep the style words to ${STYLE_WORDS_MAX_LENGTH} characters or fewer`,
  unknownPalette: 'Choose one of the palettes',
  styleNameTaken: (name: string) => `You already have a style called "${name}". Pick another name.`,
  tooManyStyles: (limit: number) =>
    `You can save up to ${limit} styles. Delete one you no longer use to save another.`,
  styleNotFound: 'Style not found',

  // Explore gallery
  galleryTitle: 'Explore Gallery',
  galleryEmptyTitle: 'No images found',
  galleryEmptyBody: 'There are no public images to display yet.',
  galleryBeFirst: 'No public images found yet. Be the first to generate and share your clipart!',
  galleryFetchError: (message: string) => `Error fetching images: ${message}`,
  galleryLoadFailed: (reason: string) => `Failed to load images: ${reason}. Please try again later.`,
  anonymous: 'Anonymous',
  refresh: 'Refresh',

  // History
  historyTitle: 'Your Generation History',
  historyPage: (page: number, totalPages: number) => `Page ${page} of ${totalPages}`,
  historyEmpty: "You haven't generated any clipart yet.",
  historyLoading: 'Loading your clipart...',
  clickToView: 'Click to view',
  backToDashboard: 'Back to Dashboard',

  // Contact form (ours: the spec does not show its validation)
  contactNameRequired: 'Please enter your name',
  contactNameTooLong: 'Name must be at most 100 characters',
  contactMessageTooShort: 'Message must be at least 10 characters',
  contactMessageTooLong: 'Message must be at most 5000 characters',

  // Generic (ours)
  notFound: 'Not found',
  unauthorized: 'Please sign in to continue',
  tooManyRequests: 'Too many requests, please slow down',
  somethingWentWrong: 'Something went wrong. Please try again.',
} as const;

/** What the team screens and the team API say (Enterprise teams, decision 019). */
export const TEAM_MESSAGES = {
  enterpriseRequired: 'Teams are part of the Enterprise plan. Upgrade to Enterprise to invite colleagues.',
  ownerOnly: "Only the team's owner can invite or remove members.",
  seatsFull: (seats: number) =>
    `Your team has all its ${seats} seats taken (the owner and pending invitations included). Remove a member or revoke an invitation first.`,
  alreadyMember: 'This person is already in your team.',
  alreadyInTeam: 'You already belong to a team. Leave it before joining another.',
  ownerInOtherTeam: 'You are a member of another team. Leave it to start your own.',
  invitationNotFound: 'This invitation link is not valid. Ask the team owner for a new one.',
  invitationUsed: 'This invitation link has expired or was already used. Ask the team owner for a new one.',
  invitationOtherAddress:
    'This invitation was sent to another e-mail address. Sign in with that address to join the team.',
  teamInactive: "This team's Enterprise plan has ended, so it cannot take new members.",
  memberNotFound: 'This person is not in your team.',
  ownerCannotLeave: "The owner can't leave the team. Ending the Enterprise plan ends the team.",
} as const;
