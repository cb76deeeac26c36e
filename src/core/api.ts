import { z } from 'zod';
import {
  BACKGROUND_IDS,
  COLOUR_COUNT_IDS,
  COMPOSITION_IDS,
  OUTLINE_IDS,
  VIEWPOINT_IDS,
} from './art-direction';
import { CREDIT_PACKS, PLANS } from './catalog';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  GALLERY_MAX_PAGE_SIZE,
  GALLERY_PAGE_SIZE,
  MAX_VARIATIONS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  STYLE_NAME_MAX_LENGTH,
  STYLE_WORDS_MAX_LENGTH,
} from './constants';
import { EMAIL_PATTERN } from './credentials';
import { GENERATION_PHASES, GENERATION_STATES } from './generation-states';
import { MESSAGES } from './messages';
import { PRIVACY_IDS, QUALITY_IDS, THEME_IDS } from './options';
import { PALETTE_IDS } from './palettes';
import { normalisePrompt, PROMPT_MAX_LENGTH, SUGGEST_IDEA_MAX_LENGTH, SUGGESTION_COUNT } from './prompt';
import { isSafeRedirectPath } from './redirect';
import { isStorableText } from './text';
import { TIERS } from './tiers';

// Schemas of the JSON API, used by the server to validate and by the web app for forms and
// typed responses. Messages are the ones the user sees next to the field.

/**
 * Every text a request carries starts here, never at a bare `z.string()`: a NUL byte or a lone
 * surrogate is refused with a 400 before it can reach the database (see core/text.ts).
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: MESSAGES.unstorableText, abort: true });
}

export const themeIdSchema = z.enum(THEME_IDS);
export const qualitySchema = z.enum(QUALITY_IDS);
export const privacySchema = z.enum(PRIVACY_IDS);
export const tierSchema = z.enum(TIERS);

/**
 * Art direction (Premium and Enterprise): each control optional; none set is today's picture.
 * Unknown keys are refused, so a typo is a 400 rather than a silently undirected picture.
 */
export const artDirectionSchema = z
  .strictObject({
    composition: z
      .enum(COMPOSITION_IDS)
      .optional()
      .describe('single: the subject alone; scene: a small scene with ground and props.'),
    outline: z.enum(OUTLINE_IDS).optional().describe('none, thin or bold outlines.'),
    colours: z.enum(COLOUR_COUNT_IDS).optional().describe('few: at most four colours; many: a full palette.'),
    background: z.enum(BACKGROUND_IDS).optional().describe('transparent, or a scene filling the picture.'),
    viewpoint: z.enum(VIEWPOINT_IDS).optional().describe('front, three-quarter or top-down.'),
  })
  .describe(
    'Art direction controls (Premium and Enterprise; 403 premium_required below): composition, outline, colours, background, viewpoint. Leave a control out to let the provider decide.',
  );
export type ArtDirectionInput = z.infer<typeof artDirectionSchema>;

export const generationRequestSchema = z.object({
  prompt: safeText({ error: MESSAGES.enterDescription })
    .overwrite(normalisePrompt)
    .min(1, MESSAGES.enterDescription)
    .max(PROMPT_MAX_LENGTH, MESSAGES.promptTooLong),
  theme: themeIdSchema.default('default'),
  quality: qualitySchema.default('low'),
  privacy: privacySchema.default('public'),
  /** Variations: pictures from this one prompt, each counted; more than 1 on Premium and Enterprise. */
  count: z
    .number({ error: MESSAGES.variationsCount })
    .int(MESSAGES.variationsCount)
    .min(1, MESSAGES.variationsCount)
    .max(MAX_VARIATIONS, MESSAGES.variationsCount)
    .default(1)
    .describe(
      `Variations: how many pictures of this prompt to make (1–${MAX_VARIATIONS}; more than 1 on Premium and Enterprise). Each is its own generation, counted and paid for like one picture; all fit or none is made.`,
    ),
  /** A saved custom style (Premium): its theme, palette and words are used instead of `theme`. */
  styleId: safeText()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe(
      "A saved custom style's id (Premium and Enterprise, GET /api/styles in the app): its theme, palette and style words are used instead of `theme`.",
    ),
  artDirection: artDirectionSchema.optional(),
});
export type GenerationRequest = z.infer<typeof generationRequestSchema>;
export type GenerationRequestInput = z.input<typeof generationRequestSchema>;

/** `POST /api/prompts/suggest` (Basic and above): the idea typed so far, as the prompt field holds it. */
export const promptSuggestRequestSchema = z.object({
  prompt: safeText({ error: MESSAGES.enterDescription })
    .overwrite(normalisePrompt)
    .min(1, MESSAGES.enterDescription)
    .max(SUGGEST_IDEA_MAX_LENGTH, MESSAGES.suggestIdeaTooLong(SUGGEST_IDEA_MAX_LENGTH)),
});
export type PromptSuggestRequest = z.infer<typeof promptSuggestRequestSchema>;

/** Three improved prompts for the idea, each a whole prompt the generator takes as it is. */
export const promptSuggestionsSchema = z.object({
  suggestions: z
    .array(z.string().min(1).max(PROMPT_MAX_LENGTH))
    .length(SUGGESTION_COUNT)
    .refine((list) => new Set(list).size === list.length, 'Suggestions must differ'),
});
export type PromptSuggestions = z.infer<typeof promptSuggestionsSchema>;

export const paletteIdSchema = z.enum(PALETTE_IDS, { error: MESSAGES.unknownPalette });

export const styleNameSchema = safeText({ error: MESSAGES.styleNameRequired })
  .trim()
  .min(1, MESSAGES.styleNameRequired)
  .max(STYLE_NAME_MAX_LENGTH, MESSAGES.styleNameTooLong);
export const styleWordsSchema = safeText().trim().max(STYLE_WORDS_MAX_LENGTH, MESSAGES.styleWordsTooLong);

/** `POST /api/styles`: a named theme + palette + extra style words (Premium). */
export const customStyleCreateSchema = z.object({
  name: styleNameSchema,
  theme: themeIdSchema,
  palette: paletteIdSchema,
  words: styleWordsSchema.default(''),
});
export type CustomStyleCreate = z.infer<typeof customStyleCreateSchema>;
export type CustomStyleCreateInput = z.input<typeof customStyleCreateSchema>;

/** `PATCH /api/styles/:id`: only the fields given change. */
export const customStylePatchSchema = z.object({
  name: styleNameSchema.optional(),
  theme: themeIdSchema.optional(),
  palette: paletteIdSchema.optional(),
  words: styleWordsSchema.optional(),
});
export type CustomStylePatch = z.infer<typeof customStylePatchSchema>;

export const customStyleSchema = z.object({
  id: z.string(),
  name: z.string(),
  theme: themeIdSchema,
  palette: paletteIdSchema,
  words: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomStyle = z.infer<typeof customStyleSchema>;

/** `GET /api/styles`: the member's styles by name, and how many they may keep. */
export const customStyleListSchema = z.object({
  styles: z.array(customStyleSchema),
  limit: z.number().int(),
  /** A team member's: the team owner's styles, usable (not editable) while in the team. */
  teamStyles: z.array(customStyleSchema).optional(),
});
export type CustomStyleList = z.infer<typeof customStyleListSchema>;

/** One thing the built-in composer drew: the prompt's word, the art's name and "<set>:<icon>". */
export const drawnSubjectSchema = z.object({ word: z.string(), label: z.string(), art: z.string() });
export type DrawnSubject = z.infer<typeof drawnSubjectSchema>;

export const generatedImageViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  /** Only for public images: the share page. */
  shareUrl: z.string().optional(),
  width: z.number().int(),
  height: z.number().int(),
  privacy: privacySchema,
  prompt: z.string(),
  theme: themeIdSchema,
  /** ISO 8601. */
  createdAt: z.string(),
  /** The provider made its own vector (the composer does); otherwise SVG downloads are traced. */
  hasVector: z.boolean(),
  /** The picture's background is transparent; false when a provider's background could not be cut out. */
  transparentBackground: z.boolean(),
  /** What the built-in composer drew, subject first; absent for providers that draw the whole prompt. */
  subjects: z.array(drawnSubjectSchema).optional(),
  /** The art direction controls the picture was made with (only those set); absent when none was. */
  artDirection: artDirectionSchema.optional(),
  /** The open art sets it was drawn with (`game-icons`): core/art-licences says which need a credit. */
  artSets: z.array(z.string()).optional(),
});
export type GeneratedImageView = z.infer<typeof generatedImageViewSchema>;

const queuedGenerationSchema = z.object({
  id: z.string(),
  status: z.literal('queued'),
  /** Credits this picture uses (0 or 1), refunded if it fails. */
  cost: z.number().int(),
});

/** `POST /api/generations` → 202: the first picture as before, and every picture of the request. */
export const generationCreatedSchema = queuedGenerationSchema.extend({
  /** Groups the pictures of one request. */
  batchId: z.string(),
  /** Every picture asked for, the first included, in order; each is read and followed by its own id. */
  variations: z.array(queuedGenerationSchema),
  /** Credits the whole request uses. */
  totalCost: z.number().int(),
});
export type GenerationCreated = z.infer<typeof generationCreatedSchema>;

export const generationStatusSchema = z.object({
  id: z.string(),
  status: z.enum(GENERATION_STATES),
  attempts: z.number().int(),
  /** While running: what the job is doing now. */
  phase: z.enum(GENERATION_PHASES).optional(),
  /** Credits this generation costs (0 or 1); a failed one costs 0 (its credit was refunded). */
  cost: z.number().int(),
  error: z.string().optional(),
  image: generatedImageViewSchema.optional(),
});
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

export const emailSchema = safeText({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: MESSAGES.invalidEmail }));

/**
 * `POST /api/auth/sign-up/email` answers this for a new and for a taken address alike: the link
 * that finishes the sign-up (or, for a taken one, a note to its owner) is in the mailbox.
 */
export const signUpResultSchema = z.object({ status: z.literal('confirmation_sent') });
export type SignUpResult = z.infer<typeof signUpResultSchema>;

/**
 * `GET /api/auth/verify-email` for an address signed up for more than once before it was
 * confirmed: confirmed, but without a password or session; the reset token chooses one.
 */
export const contestedConfirmationSchema = z.object({
  status: z.literal('choose_password'),
  resetToken: z.string(),
  message: z.string(),
});
export type ContestedConfirmation = z.infer<typeof contestedConfirmationSchema>;

export const passwordSchema = safeText({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

export const usernameSchema = safeText({ error: MESSAGES.usernameInvalid })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{3,30}$/, MESSAGES.usernameInvalid);

export const profileUpdateSchema = z.object({
  fullName: safeText({ error: MESSAGES.fullNameRequired })
    .trim()
    .min(1, MESSAGES.fullNameRequired)
    .max(100, MESSAGES.fullNameTooLong),
  /** Present only when the user asks to change it. */
  username: usernameSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const deleteAccountSchema = z.object({
  /** The user types their own e-mail; compared with the account's (both lower-cased). */
  confirmEmail: emailSchema,
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** The contact page checks the same rules without zod (core/contact.ts). */
export const contactMessageSchema = z.object({
  name: safeText({ error: MESSAGES.contactNameRequired })
    .trim()
    .min(1, MESSAGES.contactNameRequired)
    .max(CONTACT_NAME_MAX_LENGTH, MESSAGES.contactNameTooLong),
  email: emailSchema,
  message: safeText({ error: MESSAGES.contactMessageTooShort })
    .trim()
    .min(CONTACT_MESSAGE_MIN_LENGTH, MESSAGES.contactMessageTooShort)
    .max(CONTACT_MESSAGE_MAX_LENGTH, MESSAGES.contactMessageTooLong),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const checkoutRequestSchema = z
  .object({
    kind: z.enum(['plan', 'pack']),
    id: safeText().trim().min(1),
    /** Same-site path to come back to after checkout; anything else is rejected. */
    returnTo: safeText().refine(isSafeRedirectPath, MESSAGES.invalidReturnPath).optional(),
  })
  .superRefine((value, ctx) => {
    const known =
      value.kind === 'plan'
        ? PLANS.some((plan) => plan.id === value.id)
        : CREDIT_PACKS.some((pack) => pack.id === value.id);
    if (!known) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: value.kind === 'plan' ? MESSAGES.unknownPlan : MESSAGES.unknownPack,
      });
    }
  });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** `GET /api/billing`: how purchases are paid on this server. */
export const billingInfoSchema = z.object({
  /** 'off': purchases are unavailable (production without Stripe, or PAYMENTS=off). */
  mode: z.enum(['stripe', 'test', 'off']),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

/** `POST /api/billing/checkout` and `POST /api/billing/portal`: where to send the browser. */
export const redirectResponseSchema = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

/** `POST /api/billing/checkout/:sessionId/confirm`: where a purchase stands now. */
export const checkoutConfirmationSchema = z.object({
  /**
   * What the member has now: 'completed' once the pack's credits or the plan are theirs,
   * 'failed' when a plan's subscription ended without starting (or was a refunded duplicate).
   */
  status: z.enum(['completed', 'pending', 'failed']),
  /** Why a plan is pending, failed or at risk (a first payment awaiting 3-D Secure, …); else null. */
  note: z.string().nullable(),
  kind: z.enum(['plan', 'pack']),
  itemId: z.string(),
  /** The balance now, bonus included once the purchase is completed. */
  credits: z.number().int(),
  tier: tierSchema,
  /** Same-site path the purchase started from (e.g. the generator), or null. */
  returnTo: z.string().nullable(),
});
export type CheckoutConfirmation = z.infer<typeof checkoutConfirmationSchema>;

export const GALLERY_SORTS = ['newest', 'oldest'] as const;
// Query strings arrive as text, hence the coercion; an empty search means no search.
export const galleryQuerySchema = z.object({
  cursor: safeText().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(GALLERY_MAX_PAGE_SIZE).default(GALLERY_PAGE_SIZE),
  q: safeText()
    .trim()
    .max(200)
    .optional()
    .transform((q) => q || undefined),
  sort: z.enum(GALLERY_SORTS).default('newest'),
});
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const imagePatchSchema = z.object({
  privacy: privacySchema,
});
export type ImagePatch = z.infer<typeof imagePatchSchema>;

/** One card of the public gallery (and the share page's data). */
export const galleryItemSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The username the owner chose, else their full name, else 'Anonymous' (publicAuthorName). */
  owner: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** An own vector exists, so the SVG download is not traced. */
  hasVector: z.boolean(),
  /** The picture's background is transparent; false when a provider's background could not be cut out. */
  transparentBackground: z.boolean(),
  /** The open art sets it was drawn with: CC BY art needs a credit where the picture is used. */
  artSets: z.array(z.string()).optional(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

/** GET /api/gallery: nextCursor is null on the last page. */
export const galleryPageSchema = z.object({
  items: z.array(galleryItemSchema),
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;

/** GET /api/gallery/:id, the share page's data; 'private' only ever reaches the image's owner. */
export const sharedImageSchema = galleryItemSchema.extend({ privacy: privacySchema });
export type SharedImage = z.infer<typeof sharedImageSchema>;

/** A numbered page (history, credit activity). */
function numberedPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });
}

/** One of the member's own images, with what only its owner needs to know. */
export const historyItemSchema = generatedImageViewSchema.extend({
  quality: z.string(),
  /** Its privacy was paid for: switching it to private again is free (core/image-access). */
  privacyPaid: z.boolean(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const historyPageSchema = numberedPage(historyItemSchema);
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** GET /api/images/recent: the dashboard strip of the member's newest pictures. */
export const recentImagesSchema = z.object({ items: z.array(historyItemSchema) });
export type RecentImages = z.infer<typeof recentImagesSchema>;

/** PATCH /api/images/:id: the image as it is now and what the change cost in credits. */
export const privacyChangeSchema = z.object({
  image: historyItemSchema,
  cost: z.union([z.literal(0), z.literal(1)]),
});
export type PrivacyChange = z.infer<typeof privacyChangeSchema>;

export const CREDIT_TRANSACTION_TYPES = ['purchase', 'spend', 'refund', 'grant', 'clawback'] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

export const creditTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(CREDIT_TRANSACTION_TYPES),
  amount: z.number().int(),
  description: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

export const transactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
/** GET /api/me/transactions. */
export const creditActivityPageSchema = numberedPage(creditTransactionSchema);
export type CreditActivityPage = z.infer<typeof creditActivityPageSchema>;

/** GET /api/meta: what the UI may know about this deployment. */
export const appMetaSchema = z.object({
  imageModel: z.object({
    /** 'offline-composer' (the built-in default), 'openai', or a test fake's name. */
    provider: z.string(),
    model: z.string(),
    label: z.string(),
  }),
  payments: z.enum(['test', 'stripe', 'off']),
  version: z.string(),
  /** Outside production: mail lands in the outbox at /dev/mail (no mail server needed). */
  devOutbox: z.boolean(),
});
export type AppMeta = z.infer<typeof appMetaSchema>;

export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    /** Display name: full name, else e-mail prefix, else 'User'. */
    name: z.string(),
    fullName: z.string(),
    username: z.string(),
    /** ISO 8601 once the one allowed username change has been used. */
    usernameChangedAt: z.string().nullable(),
    avatarInitials: z.string(),
    /** False in the member's first session, true in every later one ("Welcome" vs "Welcome back"). */
    signedInBefore: z.boolean(),
  }),
  membership: z.object({
    tier: tierSchema,
    status: z.string(),
    imageCount: z.number().int(),
    /** null = unlimited (enterprise). */
    imageLimit: z.number().int().nullable(),
    /** ISO 8601 end of the paid period; null for free. */
    periodEnd: z.string().nullable(),
  }),
  credits: z.number().int(),
  /** The Enterprise team the member belongs to (as owner or member), or null. */
  team: z.object({ id: z.string(), name: z.string(), role: z.enum(['owner', 'member']) }).nullable(),
});
export type Me = z.infer<typeof meSchema>;

// ── Teams (Enterprise) ───────────────────────────────────────────────────────
export const teamRoleSchema = z.enum(['owner', 'member']);
export type TeamRole = z.infer<typeof teamRoleSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  /** Shown to the team's owner only; null for everyone else (a member sees names, not addresses). */
  email: z.string().nullable(),
  name: z.string(),
  role: teamRoleSchema,
  /** ISO 8601. */
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** ISO 8601; the link stops working then. */
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Seats the plan includes, the owner's included (TEAM_SEATS). */
  seats: z.number().int(),
  /** The asking member's role. */
  role: teamRoleSchema,
  members: z.array(teamMemberSchema),
  /** Pending invitations (each holds a seat); the owner's view only, empty for members. */
  invitations: z.array(teamInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/team and POST /api/team/join. */
export const teamAnswerSchema = z.object({ team: teamSchema.nullable() });
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

/** POST /api/team/invitations: a new invitation, or a fresh link for one still pending (resend). */
export const teamInviteSchema = z.object({ email: emailSchema });
export type TeamInviteInput = z.infer<typeof teamInviteSchema>;

/** POST /api/team/join: the token from the invitation link (/team/join?token=…). */
export const teamJoinSchema = z.object({ token: z.string().min(1).max(200) });
export type TeamJoinInput = z.infer<typeof teamJoinSchema>;

export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
