import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  creditActivityPageSchema,
  type GeneratedImageView,
  type GenerationCreated,
  type GenerationRequestInput,
  type GenerationStatus,
  generationCreatedSchema,
  generationStatusSchema,
  type HistoryItem,
  recentImagesSchema,
} from '../../core/api';
import { ART_DIRECTION_CONTROLS, type ArtDirection } from '../../core/art-direction';
import { MAX_VARIATIONS } from '../../core/constants';
import { isGenerationState } from '../../core/generation-states';
import {
  DEFAULT_OPTIONS,
  type GenerationOptions,
  PRIVACY_IDS,
  type Privacy,
  QUALITY_IDS,
  type Quality,
  THEME_IDS,
  type ThemeId,
} from '../../core/options';
import { PROMPT_MAX_LENGTH } from '../../core/prompt';
import { ApiError, api, errorMessage } from './api';
import { useSession } from './session';

/**
 * Hooks behind the generator and the dashboard: the draft (prompt and options, kept across a
 * purchase round trip), one generation job followed over server-sent events, the newest images
 * and the credit ledger.
 */

// ---------------------------------------------------------------------------------------------
// Draft

/**
 * `count`: pictures from one request (variations; more than 1 on Premium and Enterprise).
 * `styleId`: the saved custom style picked in "My styles" (Premium), or null.
 * `artDirection`: the art direction controls set (Premium); empty when none is.
 */
export type GenerationDraft = GenerationOptions & {
  prompt: string;
  count: number;
  styleId: string | null;
  artDirection: ArtDirection;
};

const DRAFT_KEY = 'clipsmith.generator.draft';

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** Keeps only known values, so a stale or hand-edited draft can never reach the form. */
export function parseDraft(value: unknown): Partial<GenerationDraft> {
  if (!value || typeof value !== 'object') return {};
  const raw = value as Record<string, unknown>;
  const draft: Partial<GenerationDraft> = {};
  if (typeof raw.prompt === 'string') draft.prompt = raw.prompt.slice(0, PROMPT_MAX_LENGTH);
  if (isOneOf<ThemeId>(THEME_IDS, raw.theme)) draft.theme = raw.theme;
  if (isOneOf<Quality>(QUALITY_IDS, raw.quality)) draft.quality = raw.quality;
  if (isOneOf<Privacy>(PRIVACY_IDS, raw.privacy)) draft.privacy = raw.privacy;
  if (
    typeof raw.count === 'number' &&
    Number.isInteger(raw.count) &&
    raw.count >= 1 &&
    raw.count <= MAX_VARIATIONS
  )
    draft.count = raw.count;
  if (raw.styleId === null || (typeof raw.styleId === 'string' && raw.styleId.length <= 100))
    draft.styleId = raw.styleId;
  if (raw.artDirection && typeof raw.artDirection === 'object') {
    const asked = raw.artDirection as Record<string, unknown>;
    const direction: Record<string, string> = {};
    for (const control of ART_DIRECTION_CONTROLS) {
      const value = asked[control.key];
      if (control.values.some((v) => v.id === value)) direction[control.key] = value as string;
    }
    draft.artDirection = direction as ArtDirection;
  }
  return draft;
}

function readStoredDraft(): Partial<GenerationDraft> {
  try {
    const text = window.sessionStorage.getItem(DRAFT_KEY);
    return text ? parseDraft(JSON.parse(text)) : {};
  } catch {
    return {};
  }
}

/** `?prompt=…&theme=…` wins over the stored draft, so a link can prefill the generator. */
function readQueryDraft(): Partial<GenerationDraft> {
  const params = new URLSearchParams(window.location.search);
  return parseDraft({
    prompt: params.get('prompt') ?? undefined,
    theme: params.get('theme') ?? undefined,
    quality: params.get('quality') ?? undefined,
    privacy: params.get('privacy') ?? undefined,
  });
}

/** A link to /create with the generator prefilled ("More like this" from history). */
export function generatorLink(draft: {
  prompt: string;
  theme?: string;
  quality?: string;
  privacy?: string;
}): string {
  const params = new URLSearchParams();
  for (const key of ['prompt', 'theme', 'quality', 'privacy'] as const) {
    const value = draft[key];
    if (value) params.set(key, value);
  }
  return `/create?${params.toString()}`;
}

/**
 * The generator's prompt and options, mirrored into sessionStorage on every change: going to
 * /pricing?returnTo=/create to buy credits and coming back finds everything as it was left.
 */
export function useGenerationDraft() {
  const [draft, setDraft] = useState<GenerationDraft>(() => ({
    prompt: '',
    count: 1,
    styleId: null,
    artDirection: {},
    ...DEFAULT_OPTIONS,
    ...readStoredDraft(),
    ...readQueryDraft(),
  }));

  useEffect(() => {
    try {
      window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // Storage full or disabled (private mode): the draft just isn't kept across pages.
    }
  }, [draft]);

  const update = useCallback((patch: Partial<GenerationDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
  }, []);

  return { draft, update };
}

// ---------------------------------------------------------------------------------------------
// One generation request: one picture, or several variations each followed on its own

/** One picture of a request, as far as it has come. */
export type PictureState =
  | { stage: 'working'; status: GenerationStatus }
  | { stage: 'succeeded'; status: GenerationStatus; image: GeneratedImageView }
  | { stage: 'failed'; message: string; refunded?: boolean };

/**
 * The request as a whole: 'working' while any picture is, then 'succeeded' (with the first
 * finished picture) when at least one was made, else 'failed'. `pictures` holds each one.
 */
export type JobState =
  /** `unanswered`: a request of this tab was sent, but the page was left before its answer. */
  | { stage: 'idle'; unanswered?: boolean }
  | { stage: 'submitting'; count: number }
  | { stage: 'working'; status: GenerationStatus; pictures: PictureState[] }
  | { stage: 'succeeded'; status: GenerationStatus; image: GeneratedImageView; pictures: PictureState[] }
  | { stage: 'failed'; message: string; code?: string; refunded?: boolean; pictures?: PictureState[] };

/** The whole request's state from its pictures' (see JobState). */
export function requestState(pictures: PictureState[]): JobState {
  const working = pictures.find((p) => p.stage === 'working');
  if (working) return { stage: 'working', status: working.status, pictures };
  const made = pictures.find((p) => p.stage === 'succeeded');
  if (made) return { stage: 'succeeded', status: made.status, image: made.image, pictures };
  const failed = pictures.find((p) => p.stage === 'failed');
  return {
    stage: 'failed',
    message: failed?.message ?? 'Failed to generate image',
    refunded: pictures.some((p) => p.stage === 'failed' && p.refunded),
    pictures,
  };
}

export const IMAGES_QUERY_KEY = ['images'] as const;
export const RECENT_IMAGES_QUERY_KEY = ['images', 'recent'] as const;
export const CREDIT_ACTIVITY_QUERY_KEY = ['me', 'transactions'] as const;

const POLL_MS = 1500;

// A light shape check instead of the zod schema: keeps zod out of the generator's chunk.
function parseStatus(data: string): GenerationStatus | null {
  try {
    const value = JSON.parse(data) as Partial<GenerationStatus> | null;
    if (!value || typeof value.id !== 'string' || !isGenerationState(value.status)) return null;
    return { attempts: 0, cost: 0, ...value } as GenerationStatus;
  } catch {
    return null;
  }
}

/** What a status means for its picture; null while it is still going. */
function settled(status: GenerationStatus): PictureState | null {
  if (status.status === 'succeeded' && status.image)
    return { stage: 'succeeded', status, image: status.image };
  if (status.status === 'failed' || status.status === 'succeeded')
    return {
      stage: 'failed',
      message: status.error || 'Failed to generate image',
      refunded: status.cost > 0,
    };
  return null;
}

/**
 * Follows one generation to its end: its event stream, falling back to polling if the stream
 * breaks. Calls `onChange` with each new state of the picture; returns a stop function.
 */
function followGeneration(id: string, onChange: (picture: PictureState) => void): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    source?.close();
    clearTimeout(timer);
  };
  const apply = (status: GenerationStatus) => {
    if (stopped) return;
    const end = settled(status);
    if (end) stop();
    onChange(end ?? { stage: 'working', status });
  };
  const poll = async () => {
    if (stopped) return;
    try {
      apply(await api.get(`/api/generations/${id}`, { schema: generationStatusSchema }));
    } catch (error) {
      if (error instanceof ApiError && error.status > 0 && error.status < 500) {
        stop();
        onChange({ stage: 'failed', message: errorMessage(error) });
        return;
      }
    }
    if (!stopped) timer = setTimeout(poll, POLL_MS);
  };

  if (typeof EventSource === 'undefined') {
    void poll();
    return stop;
  }
  source = new EventSource(`/api/generations/${id}/events`);
  source.addEventListener('status', (event) => {
    const status = parseStatus((event as MessageEvent<string>).data);
    if (status) apply(status);
  });
  // The stream closes after the last event; any other break (proxy timeout, network) falls
  // back to polling instead of EventSource's own reconnect loop.
  source.onerror = () => {
    source?.close();
    source = null;
    if (!stopped) timer = setTimeout(poll, 300);
  };
  return stop;
}

const LAST_JOB_KEY = 'clipsmith.generator.last-job';

/** The tab's last request: whose it was and its pictures' generation ids (none before the answer). */
type LastJob = { userId: string; ids: string[] };

function readLastJob(userId: string): string[] | null {
  try {
    const job = JSON.parse(window.sessionStorage.getItem(LAST_JOB_KEY) ?? 'null') as Partial<LastJob> | null;
    if (!job || job.userId !== userId || !Array.isArray(job.ids)) return null;
    const ids = job.ids.filter((id): id is string => typeof id === 'string' && id.length <= 100);
    return ids.length <= MAX_VARIATIONS ? ids : null;
  } catch {
    return null;
  }
}

function storeLastJob(job: LastJob | null) {
  try {
    if (job) window.sessionStorage.setItem(LAST_JOB_KEY, JSON.stringify(job));
    else window.sessionStorage.removeItem(LAST_JOB_KEY);
  } catch {
    // Storage disabled: a reload shows the empty panel; the picture is still in History.
  }
}

/**
 * Starts a generation request and follows each of its pictures to the end: POST /api/generations,
 * then every picture's event stream. Balance, usage, the newest images and the credit activity
 * are re-read when the request is accepted and again as each picture ends.
 *
 * The request's ids are kept for the tab (sessionStorage): a reload, or Back to the page, shows
 * the request again, still running or finished, instead of an empty panel.
 */
export function useGenerationJob() {
  const { refresh, me } = useSession();
  const userId = me?.user.id ?? null;
  const queryClient = useQueryClient();
  const [state, setState] = useState<JobState>({ stage: 'idle' });
  // Everything belonging to the current request; stopping it ignores any late answer.
  const runRef = useRef<{ stop: () => void } | null>(null);

  const stopCurrent = useCallback(() => {
    runRef.current?.stop();
    runRef.current = null;
  }, []);

  useEffect(() => stopCurrent, [stopCurrent]);

  const refreshAccount = useCallback(() => {
    void refresh();
    void queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: CREDIT_ACTIVITY_QUERY_KEY });
  }, [refresh, queryClient]);

  /** Follows each picture from its first known status; `isStopped` ends the updates. */
  const follow = useCallback(
    (statuses: GenerationStatus[], isStopped: () => boolean, followers: (() => void)[]) => {
      const pictures: PictureState[] = statuses.map(
        (status) => settled(status) ?? { stage: 'working', status },
      );
      setState(requestState(pictures));
      for (const [n, { id }] of statuses.entries()) {
        if (pictures[n]?.stage !== 'working') continue;
        followers.push(
          followGeneration(id, (picture) => {
            if (isStopped()) return;
            pictures[n] = picture;
            setState(requestState([...pictures]));
            if (picture.stage !== 'working') refreshAccount();
          }),
        );
      }
    },
    [refreshAccount],
  );

  const start = useCallback(
    async (request: GenerationRequestInput) => {
      stopCurrent();
      let stopped = false;
      const followers: (() => void)[] = [];
      const stop = () => {
        stopped = true;
        for (const unfollow of followers) unfollow();
      };
      runRef.current = { stop };
      setState({ stage: 'submitting', count: request.count ?? 1 });
      if (userId) storeLastJob({ userId, ids: [] });

      let created: GenerationCreated;
      try {
        created = await api.post('/api/generations', request, { schema: generationCreatedSchema });
      } catch (error) {
        storeLastJob(null);
        if (stopped) return;
        setState({
          stage: 'failed',
          message: errorMessage(error),
          code: error instanceof ApiError ? error.code : undefined,
        });
        if (error instanceof ApiError && error.status === 401) void refresh();
        return;
      }
      if (stopped) return;
      refreshAccount();
      if (userId) storeLastJob({ userId, ids: created.variations.map((v) => v.id) });
      follow(
        created.variations.map((v) => ({ id: v.id, status: v.status, attempts: 0, cost: v.cost })),
        () => stopped,
        followers,
      );
    },
    [stopCurrent, refresh, refreshAccount, userId, follow],
  );

  // Once per page visit: the tab's last request of this member, if there is one.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !userId) return;
    resumed.current = true;
    const ids = readLastJob(userId);
    if (!ids || runRef.current) return;
    if (ids.length === 0) {
      // Left before the server answered: the picture may be on its way, and History will have it.
      setState({ stage: 'idle', unanswered: true });
      storeLastJob(null);
      return;
    }
    let stopped = false;
    const followers: (() => void)[] = [];
    runRef.current = {
      stop: () => {
        stopped = true;
        for (const unfollow of followers) unfollow();
      },
    };
    void Promise.all(
      ids.map((id) => api.get(`/api/generations/${id}`, { schema: generationStatusSchema })),
    ).then(
      (statuses) => {
        if (!stopped) follow(statuses, () => stopped, followers);
      },
      // Gone (deleted with its picture, or the database was reset): show the empty panel.
      () => storeLastJob(null),
    );
  }, [userId, follow]);

  const reset = useCallback(() => {
    stopCurrent();
    setState({ stage: 'idle' });
  }, [stopCurrent]);

  return { state, start, reset };
}

// ---------------------------------------------------------------------------------------------
// Links

/**
 * The link Copy URL puts on the clipboard: the share page when the image has one (public images
 * only, as the server decides), else the owner-only image address.
 */
export function imageLink(image: Pick<GeneratedImageView, 'url' | 'shareUrl'>): string {
  const path = image.shareUrl ?? image.url;
  return new URL(path, window.location.origin).toString();
}

export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or not a secure context: fall through to the selection copy.
    }
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const ok = document.execCommand('copy');
  field.remove();
  if (!ok) throw new Error('Could not copy the link. Copy it from the address bar instead.');
}

// ---------------------------------------------------------------------------------------------
// Dashboard data

/** The member's 8 newest images. An endpoint that is not there reads as none. */
export function useRecentImages(enabled = true) {
  return useQuery({
    queryKey: RECENT_IMAGES_QUERY_KEY,
    enabled,
    queryFn: async (): Promise<HistoryItem[]> => {
      try {
        const { items } = await api.get('/api/images/recent', { schema: recentImagesSchema });
        return items;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
}

export function useCreditActivity(page = 1, enabled = true) {
  return useQuery({
    queryKey: [...CREDIT_ACTIVITY_QUERY_KEY, page],
    enabled,
    queryFn: () => api.get(`/api/me/transactions?page=${page}`, { schema: creditActivityPageSchema }),
  });
}
