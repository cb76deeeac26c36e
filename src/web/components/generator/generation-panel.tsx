import {
  ArrowRightIcon,
  CheckIcon,
  CircleAlertIcon,
  ImageIcon,
  ImageOffIcon,
  Loader2Icon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GeneratedImageView, GenerationStatus } from '../../../core/api';
import { VALIDATION_ATTEMPTS } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { findTheme } from '../../../core/options';
import { drewLine } from '../../../core/subjects';
import type { JobState, PictureState } from '../../lib/generation';
import { useAppMeta } from '../../lib/meta';
import { cn } from '../../lib/utils';
import { DownloadMenu } from '../download-menu';
import { PrivacyBadge } from '../image-preview-dialog';
import { CopyUrlButton } from './copy-url-button';

type Step = 'queued' | 'generating' | 'checking' | 'storing';

const STEPS: { id: Step; label: string }[] = [
  { id: 'queued', label: 'Queued' },
  { id: 'generating', label: 'Generating' },
  { id: 'checking', label: 'Checking' },
  { id: 'storing', label: 'Saving' },
];

function currentStep(status: GenerationStatus | null): Step {
  if (!status || status.status === 'queued') return 'queued';
  return status.phase ?? 'generating';
}

/** The one line saying what the job is doing: 'Generating…', 'Checking attempt 2/3', 'Saving…'. */
export function progressLabel(status: GenerationStatus | null): string {
  const step = currentStep(status);
  if (step === 'queued') return status ? 'Queued…' : 'Starting…';
  if (step === 'checking')
    return `Checking attempt ${Math.max(1, status?.attempts ?? 1)}/${VALIDATION_ATTEMPTS}`;
  if (step === 'storing') return 'Saving…';
  return 'Generating…';
}

const CHECKERBOARD = 'bg-[conic-gradient(#f4f2f9_25%,#fff_0_50%,#f4f2f9_0_75%,#fff_0)] bg-[length:24px_24px]';

function Frame({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div className={cn('relative aspect-square w-full overflow-hidden rounded-xl border', className)}>
      {children}
    </div>
  );
}

function Progress({ status }: { status: GenerationStatus | null }) {
  const step = currentStep(status);
  const index = STEPS.findIndex((candidate) => candidate.id === step);
  return (
    <Frame className="bg-gradient-to-br from-violet-50 via-background to-sky-50">
      <div
        aria-hidden="true"
        className="absolute inset-0 animate-pulse bg-[radial-gradient(circle_at_50%_45%,rgba(167,139,250,0.25),transparent_60%)]"
      />
      <div className="relative flex h-full flex-col items-center justify-center gap-5 p-6 text-center">
        <Loader2Icon className="size-10 animate-spin text-primary" aria-hidden="true" />
        <p className="font-semibold text-lg" role="status" data-testid="generation-progress">
          {progressLabel(status)}
        </p>
        <ol className="flex flex-wrap items-center justify-center gap-1.5 text-xs" aria-label="Progress">
          {STEPS.map((candidate, position) => {
            const done = position < index;
            const active = position === index;
            return (
              <li
                key={candidate.id}
                aria-current={active ? 'step' : undefined}
                className={cn(
                  'inline-flex items-center gap-1 rounded-full border px-2.5 py-1',
                  done && 'border-primary/30 bg-primary/10 text-primary',
                  active && 'border-primary bg-primary text-primary-foreground',
                  !done && !active && 'bg-background text-muted-foreground',
                )}
              >
                {done && <CheckIcon className="size-3" aria-hidden="true" />}
                {candidate.label}
              </li>
            );
          })}
        </ol>
      </div>
    </Frame>
  );
}

function Idle({ unanswered = false }: { unanswered?: boolean }) {
  return (
    <Frame className="border-2 border-dashed bg-muted/40">
      <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-background shadow-sm">
          <ImageIcon className="size-7 text-primary" aria-hidden="true" />
        </span>
        <p className="font-medium">Your clipart will appear here</p>
        {unanswered ? (
          <p className="max-w-64 text-muted-foreground text-sm" role="status">
            The page was left while your last picture was being sent: if it was made, it is in{' '}
            <Link to="/history" className="font-medium text-primary underline underline-offset-2">
              History
            </Link>
            .
          </p>
        ) : (
          <p className="max-w-60 text-muted-foreground text-sm">
            Describe it, pick a style and press Generate. It takes a few seconds.
          </p>
        )}
      </div>
    </Frame>
  );
}

function Result({
  image,
  cost,
  children,
}: {
  image: GeneratedImageView;
  cost: number;
  children?: React.ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  const { data: meta } = useAppMeta();
  const offline = meta?.imageModel.provider === 'offline-composer';
  return (
    <div className="flex flex-col gap-4" data-testid="generation-result">
      <p className="sr-only" role="status">
        Your clipart is ready
      </p>
      <Frame className={CHECKERBOARD}>
        {failed ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
            <ImageOffIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p role="alert" className="text-destructive text-sm">
              {MESSAGES.imageLoadFailed}
            </p>
          </div>
        ) : (
          <img
            src={image.url}
            alt={image.prompt}
            width={image.width}
            height={image.height}
            onError={() => setFailed(true)}
            className="h-full w-full object-contain"
            data-testid="generated-image"
          />
        )}
      </Frame>
      <ResultDetails>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-muted-foreground text-xs">
          <PrivacyBadge privacy={image.privacy} />
          <span>
            {findTheme(image.theme)?.label ?? image.theme}
            {cost > 0 && ' · Used 1 credit'}
          </span>
        </div>
        {offline && (
          <p className="-mt-2 text-muted-foreground text-xs">Made with the built-in clipart composer</p>
        )}
        {image.subjects && image.subjects.length > 0 && (
          <p className="-mt-2 text-muted-foreground text-xs" data-testid="drew-line">
            {drewLine(image.subjects)}
          </p>
        )}
        {image.shareUrl && (
          <Link
            to={image.shareUrl}
            className="-mt-2 inline-flex items-center gap-1 self-start text-primary text-xs underline-offset-4 hover:underline"
          >
            Open its share page
            <ArrowRightIcon className="size-3" aria-hidden="true" />
          </Link>
        )}
        <div className="flex flex-wrap gap-2">
          <DownloadMenu
            image={{
              id: image.id,
              createdAt: image.createdAt,
              hasVector: image.hasVector,
              transparentBackground: image.transparentBackground,
              artSets: image.artSets,
            }}
          />
          <CopyUrlButton key={image.id} image={image} />
        </div>
        {children}
      </ResultDetails>
    </div>
  );
}

/**
 * The lines under a finished picture (privacy, theme, what was drawn, share link, downloads). The
 * placeholder and the progress hold the same room, so the picture arriving pushes nothing down.
 */
function ResultDetails({ children }: { children?: React.ReactNode }) {
  return <div className="flex min-h-44 flex-col gap-4">{children}</div>;
}

function WithRoomForDetails({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      {children}
      <ResultDetails />
    </div>
  );
}

/** One variation in the 2×2 grid: its own progress, then its picture and downloads, or why it failed. */
function PictureCell({ picture, position }: { picture: PictureState | null; position: number }) {
  const label = `Picture ${position}`;
  if (!picture || picture.stage === 'working') {
    const status = picture?.status ?? null;
    return (
      <li className="flex flex-col gap-2" data-testid="variation" data-stage="working" aria-label={label}>
        <Frame className="bg-gradient-to-br from-violet-50 via-background to-sky-50">
          <div className="flex h-full flex-col items-center justify-center gap-2 p-3 text-center">
            <Loader2Icon className="size-7 animate-spin text-primary" aria-hidden="true" />
            <p className="font-medium text-sm" role="status" data-testid="variation-progress">
              {progressLabel(status)}
            </p>
          </div>
        </Frame>
      </li>
    );
  }
  if (picture.stage === 'failed') {
    return (
      <li className="flex flex-col gap-2" data-testid="variation" data-stage="failed" aria-label={label}>
        <Frame className="bg-muted/40">
          <div className="flex h-full flex-col items-center justify-center gap-2 p-3 text-center">
            <CircleAlertIcon className="size-6 text-destructive" aria-hidden="true" />
            <p role="alert" className="text-destructive text-xs">
              {picture.message}
              {picture.refunded && ' Its credit was refunded.'}
            </p>
          </div>
        </Frame>
      </li>
    );
  }
  const { image } = picture;
  return (
    <li className="flex flex-col gap-2" data-testid="variation" data-stage="succeeded" aria-label={label}>
      <Frame className={CHECKERBOARD}>
        <img
          src={image.url}
          alt={image.prompt}
          width={image.width}
          height={image.height}
          className="h-full w-full object-contain"
          data-testid="generated-image"
        />
      </Frame>
      <div className="flex flex-wrap gap-1.5">
        {/* A grid cell is half the panel (≈145 px on a phone): the small button, without its
            "PNG 1024" note and without icons, as wide as the cell and no wider. */}
        <DownloadMenu
          size="sm"
          className="w-full [&_a>span]:hidden [&_a>svg]:hidden [&_a]:min-w-0 [&_a]:flex-1 [&_a]:px-2"
          image={{
            id: image.id,
            createdAt: image.createdAt,
            hasVector: image.hasVector,
            transparentBackground: image.transparentBackground,
            artSets: image.artSets,
          }}
        />
        <CopyUrlButton key={image.id} size="sm" className="w-full px-2 [&>svg]:hidden" image={image} />
      </div>
      {picture.status.cost > 0 && <p className="text-muted-foreground text-xs">Used 1 credit</p>}
    </li>
  );
}

/** Several variations of one prompt: each shown as it finishes, in a 2×2 grid. */
function VariationsGrid({ pictures, count }: { pictures: PictureState[] | null; count: number }) {
  const done = pictures?.filter((p) => p.stage !== 'working').length ?? 0;
  return (
    <div className="flex flex-col gap-3" data-testid="variations">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {done < count ? `${done} of ${count} pictures ready…` : `${count} pictures`}
      </p>
      <ul className="grid grid-cols-2 gap-3">
        {Array.from({ length: count }, (_, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the grid's places are fixed for the request
          <PictureCell key={n} picture={pictures?.[n] ?? null} position={n + 1} />
        ))}
      </ul>
    </div>
  );
}

function isBatch(state: JobState): boolean {
  if (state.stage === 'submitting') return state.count > 1;
  return state.stage !== 'idle' && (state.pictures?.length ?? 0) > 1;
}

/**
 * The right-hand side of the generator: placeholder, progress, or the finished picture (with what
 * `afterResult` adds under it, e.g. "More like this"); several variations share a 2×2 grid.
 */
export function GenerationPanel({
  state,
  afterResult,
}: {
  state: JobState;
  afterResult?: (image: GeneratedImageView) => React.ReactNode;
}) {
  if (isBatch(state)) {
    const pictures = state.stage === 'submitting' || state.stage === 'idle' ? null : (state.pictures ?? null);
    const count = state.stage === 'submitting' ? state.count : (pictures?.length ?? 0);
    return (
      <div className="flex flex-col gap-4">
        <VariationsGrid pictures={pictures} count={count} />
        {state.stage === 'succeeded' && afterResult?.(state.image)}
      </div>
    );
  }
  switch (state.stage) {
    case 'submitting':
      return (
        <WithRoomForDetails>
          <Progress status={null} />
        </WithRoomForDetails>
      );
    case 'working':
      return (
        <WithRoomForDetails>
          <Progress status={state.status} />
        </WithRoomForDetails>
      );
    case 'succeeded':
      return (
        <Result key={state.image.id} image={state.image} cost={state.status.cost}>
          {afterResult?.(state.image)}
        </Result>
      );
    default:
      return (
        <WithRoomForDetails>
          <Idle unanswered={state.stage === 'idle' && state.unanswered} />
        </WithRoomForDetails>
      );
  }
}
