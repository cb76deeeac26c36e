import { ChevronDownIcon, MessageCircleQuestionIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PICTURE_LICENCE } from '../../core/art-licences';
import { CREDIT_PACKS, PLANS, resolutionByPlan, totalCredits } from '../../core/catalog';
import { DOWNLOAD_SIZES, NATIVE_IMAGE_SIZE } from '../../core/download';
import { PageContainer, PageHero } from '../components/page-shell';
import { Button } from '../components/ui/button';

/** The sizes the download menu offers, from the same list: "128, 256, 512, 1024 or 2048". */
function downloadSizes(): string {
  const sizes = DOWNLOAD_SIZES.map(String);
  return `${sizes.slice(0, -1).join(', ')} or ${sizes.at(-1)}`;
}

function planLimits(): string {
  return PLANS.map((plan) =>
    plan.imagesPerMonth === null ? `${plan.name}: unlimited` : `${plan.name}: ${plan.imagesPerMonth}`,
  ).join(', ');
}

/** Each plan's lines, from the one list the pricing page shows. */
function planContents(): string {
  return PLANS.map((plan) => `${plan.name}: ${plan.features.map((f) => f.text).join(', ')}`).join('. ');
}

const FAQS = [
  {
    question: 'What does each plan include?',
    answer: `${planContents()}. Every plan can buy credits for extras and for images past its monthly limit.`,
  },
  {
    question: 'How many images can I make?',
    answer: `It depends on your plan. Images per calendar month: ${planLimits()}. On any plan you can go past the limit by spending 1 credit per extra image. Your dashboard always shows how many you have left.`,
  },
  {
    question: 'Which file formats and sizes can I download?',
    answer: `Every picture can be downloaded as a transparent PNG or WebP, a JPEG on white, or an SVG, in square sizes of ${downloadSizes()} pixels (pictures are made at ${NATIVE_IMAGE_SIZE}; ${DOWNLOAD_SIZES.at(-1)} is upscaled; an SVG scales to any size). ${resolutionByPlan()} There is also a sticker cut-out version with a white outline.`,
  },
  {
    question: 'What are credits, and do they expire?',
    answer: `A credit pays for one image's extras: a premium theme, Triple Validation, private privacy, or an image beyond your plan's monthly limit. One image never costs more than 1 credit, and Clipsmith tells you the cost before you click Generate. Credit packs start at ${CREDIT_PACKS[0].name} (${totalCredits(CREDIT_PACKS[0])} credits), and credits never expire.`,
  },
  { id: 'licence', question: PICTURE_LICENCE.question, answer: PICTURE_LICENCE.answer },
  {
    question: 'Who can see the pictures I make?',
    answer:
      'Public pictures appear in the Explore gallery for signed-in members and get a share page you can link to. Private pictures are only visible to you. Private is a premium option: included in paid plans, 1 credit on Free.',
  },
];

export default function FaqPage() {
  // A link to one answer (the download menu's "Why?" → /faq#licence) opens it.
  useEffect(() => {
    const target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    const details = target?.querySelector('details');
    if (details) details.open = true;
  }, []);
  return (
    <>
      <PageHero
        title="Frequently Asked Questions"
        documentTitle="FAQ"
        eyebrow="Help"
        description="Quick answers about limits, files, credits and privacy."
      />
      <PageContainer size="md">
        <ul className="flex flex-col gap-3">
          {FAQS.map((faq) => (
            <li key={faq.question} id={'id' in faq ? faq.id : undefined} className="scroll-mt-24">
              <details className="group rounded-xl border bg-card shadow-sm open:shadow-md">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold [&::-webkit-details-marker]:hidden">
                  <h2 className="text-base">{faq.question}</h2>
                  <ChevronDownIcon
                    className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <p className="px-5 pb-5 text-muted-foreground leading-relaxed">{faq.answer}</p>
              </details>
            </li>
          ))}
        </ul>

        <div className="mt-12 flex flex-col items-center gap-4 rounded-2xl border bg-muted/60 p-8 text-center">
          <MessageCircleQuestionIcon className="size-8 text-primary" aria-hidden="true" />
          <h2 className="font-semibold text-xl">Still have a question?</h2>
          <p className="text-muted-foreground">We answer every message, usually within two working days.</p>
          <Button asChild>
            <Link to="/contact">Contact Support</Link>
          </Button>
        </div>
      </PageContainer>
    </>
  );
}
