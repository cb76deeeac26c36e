/** Timings and sizes from SPEC §9, shared so the server and the UI agree. */
export const COPIED_MS = 2000;
export const THEME_WARNING_MS = 2000;
export const LOGIN_REDIRECT_DELAY_MS = 300;
export const SPINNER_DELAY_MS = 100;
export const HISTORY_PAGE_SIZE = 15;
export const GALLERY_PAGE_SIZE = 24;
export const GALLERY_MAX_PAGE_SIZE = 48;
export const HOVER_PROMPT_LENGTH = 30;
export const TOAST_DURATIONS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
} as const;
export const MAX_TOASTS = 20;
export const IMAGE_SIZE = 1024;
export const THUMB_SIZE = 512;
/** Triple Validation: attempts per generation and the pause after a failed check. */
export const VALIDATION_ATTEMPTS = 3;
export const VALIDATION_PAUSE_MS = 2000;
export const DASHBOARD_RECENT_IMAGES = 8;
export const LEDGER_DESCRIPTION_LENGTH = 50;
/** Better Auth checks the same bounds on the server (auth.ts). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A custom style's name and its extra style words. */
export const STYLE_NAME_MAX_LENGTH = 40;
export const STYLE_WORDS_MAX_LENGTH = 120;

/**
 * A readable cookie mirroring Better Auth's httpOnly session cookie: it says only "a session cookie
 * was set", so the web app skips /api/me (and its 401) for visitors. Never an authority: the
 * server decides who is signed in.
 */
export const SESSION_HINT_COOKIE = 'clipsmith_session';

/** The id of the JSON block in which the server gives every page this deployment's settings (AppMeta). */
export const APP_META_ELEMENT_ID = 'app-meta';

/** The most pictures one generation request may ask for (Premium's and Enterprise's variations). */
export const MAX_VARIATIONS = 4;

/** The contact form: a name up to this long, a message between these lengths (characters). */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** Download sizes by plan: Free's standard resolution, and Basic's and above full resolution. */
export const STANDARD_RESOLUTION = 1024;
export const FULL_RESOLUTION = 2048;

/**
 * The sentence the landing page shows about resolution by plan. Built from the two constants only,
 * so the landing's JavaScript need not load the plan catalogue (core/catalog.ts's resolutionByPlan
 * says the same from the plans themselves; a test holds them equal).
 */
export const RESOLUTION_BY_PLAN = `Free downloads up to ${STANDARD_RESOLUTION} px; Basic and above up to ${FULL_RESOLUTION} px.`;
