import {
  CoinsIcon,
  EyeIcon,
  GemIcon,
  LockIcon,
  type LucideIcon,
  PaletteIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { PLANS } from '../../core/catalog';
import { PRIVACIES, QUALITIES, THEMES } from '../../core/options';
import { StartCreating } from '../components/create-button';
import { PageHero } from '../components/page-shell';
import { PoweredBy } from '../components/powered-by';
import { Badge } from '../components/ui/badge';
import { HOW_IT_WORKS_STEPS } from '../content/how-it-works';

function PremiumBadge() {
  return (
    <Badge variant="secondary">
      <GemIcon className="size-3" aria-hidden="true" />
      Premium
    </Badge>
  );
}

function OptionList({
  options,
}: {
  options: readonly { id: string; label: string; premium: boolean; description: string }[];
}) {
  return (
    <ul className="mt-4 flex flex-col divide-y rounded-xl border bg-card">
      {options.map((option) => (
        <li key={option.id} className="flex items-start justify-between gap-3 px-4 py-3">
          <div>
            <p className="font-medium">{option.label}</p>
            <p className="text-muted-foreground text-sm">{option.description}</p>
          </div>
          {option.premium ? <PremiumBadge /> : <Badge variant="outline">Included</Badge>}
        </li>
      ))}
    </ul>
  );
}

/** One generator option (themes, quality, privacy): what it is for, and its choices. */
function OptionSection({
  id,
  icon: Icon,
  title,
  intro,
  options,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  intro: ReactNode;
  options: readonly { id: string; label: string; premium: boolean; description: string }[];
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="flex items-center gap-2 font-bold text-xl">
        <Icon className="size-5 text-primary" aria-hidden="true" />
        {title}
      </h2>
      <p className="mt-2 text-muted-foreground">{intro}</p>
      <OptionList options={options} />
      {children}
    </section>
  );
}

export default function HowItWorksPage() {
  return (
    <>
      <PageHero
        title="How It Works"
        eyebrow="From sentence to sticker"
        description="Clipsmith turns a short description into square clipart on a clean background. Here is what happens, and what each option does."
      >
        <div className="mt-6">
          <PoweredBy />
        </div>
      </PageHero>

      <section aria-labelledby="steps-heading" className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="steps-heading" className="text-center font-bold text-2xl">
          Four steps
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <step.icon className="size-5 text-primary" aria-hidden="true" />
              </div>
              <h3 className="mt-4 font-semibold text-lg">{step.title}</h3>
              <p className="mt-2 text-muted-foreground leading-relaxed">{step.body}</p>
            </li>
          ))}
        </ol>
        <p className="mx-auto mt-8 max-w-2xl text-center text-muted-foreground">
          Tip: describe the subject, not the background. Phrases like “on a white background” are removed
          automatically, because every picture already gets a clean one.
        </p>
      </section>

      <section className="border-y bg-muted/60">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3">
          <OptionSection
            id="themes"
            icon={PaletteIcon}
            title="Style themes"
            intro="Give a whole set of pictures the same look."
            options={THEMES}
          />
          <OptionSection
            id="quality"
            icon={ShieldCheckIcon}
            title="Quality"
            intro="Triple Validation checks each picture is square, clear and on a clean background, and redraws it up to three times until it passes."
            options={QUALITIES}
          />
          <OptionSection
            id="privacy"
            icon={EyeIcon}
            title="Privacy"
            intro="Public pictures inspire others in the Explore gallery and get a share page. Private ones are yours alone."
            options={PRIVACIES}
          >
            <p className="mt-3 flex items-center gap-2 text-muted-foreground text-sm">
              <LockIcon className="size-4" aria-hidden="true" />
              You can change a picture's privacy later from your history.
            </p>
          </OptionSection>
        </div>
      </section>

      <section aria-labelledby="credits-heading" className="mx-auto w-full max-w-4xl px-4 py-14 sm:px-6">
        <h2
          id="credits-heading"
          className="flex items-center justify-center gap-2 text-center font-bold text-2xl"
        >
          <CoinsIcon className="size-6 text-primary" aria-hidden="true" />
          Plans and credits
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="rounded-xl border bg-card p-6 shadow-sm">
            <h3 className="font-semibold text-lg">Monthly images</h3>
            <ul className="mt-3 flex flex-col gap-2">
              {PLANS.map((plan) => (
                <li key={plan.id} className="flex justify-between gap-4 border-b pb-2 last:border-b-0">
                  <span>{plan.name}</span>
                  <span className="font-medium">
                    {plan.imagesPerMonth === null ? 'Unlimited' : `${plan.imagesPerMonth} a month`}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-muted-foreground text-sm">
              Paid plans include every premium option. Counts reset on the 1st of each month.
            </p>
          </div>
          <div className="rounded-xl border bg-card p-6 shadow-sm">
            <h3 className="font-semibold text-lg">Credits</h3>
            <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-muted-foreground">
              <li>On the Free plan, 1 credit unlocks every premium option for one picture.</li>
              <li>On any plan, once you reach your monthly limit, 1 credit buys one more picture.</li>
              <li>One picture never costs more than 1 credit, and you see the cost before you generate.</li>
              <li>If a generation fails, its credit comes straight back.</li>
              <li>Credits never expire.</li>
            </ul>
          </div>
        </div>
        <StartCreating className="mt-10" also={{ to: '/pricing', label: 'See pricing' }} />
      </section>
    </>
  );
}
