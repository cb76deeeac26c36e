import {
  ArrowRightIcon,
  DownloadIcon,
  LockIcon,
  PaletteIcon,
  Share2Icon,
  ShieldCheckIcon,
  SparklesIcon,
  StickerIcon,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { RESOLUTION_BY_PLAN } from '../../core/constants';
import { useCreateLink } from '../components/create-button';
import { DeferredSection } from '../components/deferred-section';
import { type IconCard, IconCards } from '../components/icon-cards';
import { PageTitle } from '../components/page-title';
import { PoweredBy } from '../components/powered-by';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { HOW_IT_WORKS_STEPS } from '../content/how-it-works';
import { SAMPLE_IMAGES } from '../content/samples';

// Below the fold: the pricing cards (and their tabs primitive) load as the visitor scrolls to them.
const PricingTabs = lazy(() => import('../components/pricing-tabs'));

function PricingPlaceholder() {
  return (
    <div className="flex flex-col items-center gap-6" aria-hidden="true">
      <Skeleton className="h-11 w-72" />
      <div className="grid w-full gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {['free', 'basic', 'premium', 'enterprise'].map((id) => (
          <Skeleton key={id} className="h-96 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

const FEATURES: IconCard[] = [
  {
    icon: SparklesIcon,
    title: 'One sentence is enough',
    body: 'Describe the idea in plain words. Clipsmith turns it into a clipart prompt and keeps the background clean.',
  },
  {
    icon: PaletteIcon,
    title: 'Six style themes',
    body: 'Default, Comic Book, Realistic, Abstract, Watercolor and Pixel Art, so a set of pictures can share one look.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Triple Validation',
    body: 'Each picture is checked for quality and redrawn up to three times until it passes.',
  },
  {
    icon: DownloadIcon,
    title: 'The file you need',
    body: `Transparent PNG, WebP, JPEG or SVG, from 128 to 2048 pixels square. ${RESOLUTION_BY_PLAN}`,
  },
  {
    icon: StickerIcon,
    title: 'Sticker cut-outs',
    body: 'A sticker version with a white outline, ready for a cutting machine or a chat app.',
  },
  {
    icon: Share2Icon,
    title: 'Share or keep private',
    body: 'Public pictures get their own share page and appear in the Explore gallery; private ones are yours alone.',
  },
];

// A sample inside its card (less the border and p-2): two to a row on a phone, half the screen
// less 40 px; four from md up, in max-w-5xl (223 px at most).
const SAMPLE_SIZES = '(min-width: 768px) 14rem, calc(50vw - 40px)';

export default function HomePage() {
  const createLink = useCreateLink();
  return (
    <>
      <PageTitle title="Clipsmith · Clipart from a sentence" />

      <section className="relative overflow-hidden border-b bg-gradient-to-b from-violet-50 via-background to-background">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 left-1/2 h-96 w-[48rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-violet-200/40 blur-3xl"
        />
        <div className="relative mx-auto max-w-6xl px-4 pt-12 pb-14 text-center sm:px-6 sm:pt-20 sm:pb-20">
          <PoweredBy />
          <h1 className="mx-auto mt-6 max-w-3xl text-balance font-extrabold text-4xl tracking-tight sm:text-6xl">
            Transform your ideas into <span className="text-primary">beautiful clipart</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-pretty text-lg text-muted-foreground sm:text-xl">
            Type a sentence, pick a style and get a square picture for stickers, slides, social posts and
            blogs.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <Link to={createLink}>
                Start Creating
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <Link to="/how-it-works">See how it works</Link>
            </Button>
          </div>

          <ul className="mx-auto mt-12 grid max-w-5xl grid-cols-2 gap-3 sm:gap-5 md:grid-cols-4">
            {SAMPLE_IMAGES.map((sample, index) => (
              <li
                key={sample.src}
                className={`overflow-hidden rounded-2xl border bg-card shadow-sm transition-transform hover:-translate-y-1 ${
                  index % 2 === 1 ? 'md:translate-y-6' : ''
                }`}
              >
                <figure>
                  <picture>
                    <source type="image/avif" srcSet={sample.avifSrcSet} sizes={SAMPLE_SIZES} />
                    <img
                      src={sample.src}
                      srcSet={sample.webpSrcSet}
                      sizes={SAMPLE_SIZES}
                      alt={`${sample.prompt}, ${sample.theme} theme`}
                      width={512}
                      height={512}
                      // The first row is on a phone's first screen. Not fetchpriority=high: the
                      // largest paint is the heading above (measured), which these would compete with.
                      loading={index < 2 ? 'eager' : 'lazy'}
                      decoding="async"
                      className="aspect-square h-auto w-full bg-gradient-to-b from-violet-50/60 to-background p-2"
                    />
                  </picture>
                  <figcaption className="flex flex-col items-start gap-1 border-t px-3 py-2 text-left">
                    <span className="text-foreground text-xs leading-snug sm:text-sm">“{sample.prompt}”</span>
                    <span className="text-muted-foreground text-xs">{sample.theme}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="features-heading"
        className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24"
      >
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="font-bold text-3xl tracking-tight">
            Everything a good piece of clipart needs
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            From the idea to a file you can print, paste or post.
          </p>
        </div>
        <IconCards cards={FEATURES} className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
      </section>

      <section aria-labelledby="steps-heading" className="border-y bg-muted/60">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <h2 id="steps-heading" className="text-center font-bold text-3xl tracking-tight">
            How it works
          </h2>
          <ol className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {HOW_IT_WORKS_STEPS.map((step, index) => (
              <li key={step.title} className="relative text-center">
                <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-md">
                  <step.icon className="size-6" aria-hidden="true" />
                </span>
                <p className="mt-4 font-semibold text-primary text-sm">Step {index + 1}</p>
                <h3 className="mt-1 font-semibold text-lg">{step.title}</h3>
                <p className="mt-2 text-muted-foreground leading-relaxed">{step.body}</p>
              </li>
            ))}
          </ol>
          <p className="mt-10 text-center">
            <Link to="/how-it-works" className="font-medium text-primary underline-offset-4 hover:underline">
              Learn more about themes, quality and credits
            </Link>
          </p>
        </div>
      </section>

      <section
        aria-labelledby="pricing-heading"
        className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24"
      >
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="pricing-heading" className="font-bold text-3xl tracking-tight">
            Simple pricing
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            Start free with 3 images a month. Subscribe for more, or buy credits that never expire.
          </p>
        </div>
        <DeferredSection placeholder={<PricingPlaceholder />}>
          <Suspense fallback={<PricingPlaceholder />}>
            <PricingTabs />
          </Suspense>
        </DeferredSection>
      </section>

      <section className="px-4 pb-16 sm:px-6 sm:pb-24">
        <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-violet-700 to-indigo-800 px-6 py-14 text-center text-white shadow-xl sm:px-12">
          <h2 className="text-balance font-bold text-3xl tracking-tight">
            Your next sticker is one sentence away
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-violet-100">
            Free accounts get 3 images every month. No card needed.
          </p>
          {/* One centred column: the button above its reassurance line, never side by side. */}
          <div className="mt-8 flex flex-col items-center gap-4" data-testid="closing-cta">
            <Button
              asChild
              size="lg"
              variant="secondary"
              className="bg-white text-violet-800 hover:bg-violet-50"
            >
              <Link to="/signup">Get started for free</Link>
            </Button>
            <p className="flex items-center justify-center gap-1.5 text-sm text-violet-100">
              <LockIcon className="size-4 shrink-0" aria-hidden="true" />
              Your private pictures stay private.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
