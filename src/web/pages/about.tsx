import { HeartIcon, LightbulbIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ART_SETS } from '../../core/art-licences';
import { StartCreating } from '../components/create-button';
import { type IconCard, IconCards } from '../components/icon-cards';
import { PageContainer, PageHero } from '../components/page-shell';

const VALUES: IconCard[] = [
  {
    icon: UsersIcon,
    title: 'Community First',
    body: 'Teachers, crafters, small shops and bloggers shape what we build. The Explore gallery exists so members can inspire each other.',
  },
  {
    icon: LightbulbIcon,
    title: 'Innovation',
    body: 'We pair image models with our own checks, themes and a built-in clipart composer, so good pictures come out reliably, not by luck.',
  },
  {
    icon: HeartIcon,
    title: 'Passion',
    body: 'We love clipart: bold outlines, friendly faces, clean backgrounds. Every detail of Clipsmith is tuned for that one job.',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        title="About Clipsmith"
        eyebrow="Our company"
        description="We make it easy for anyone to turn an idea into clipart they can actually use."
      />
      <PageContainer size="lg">
        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className="text-center font-bold text-2xl">
            What we value
          </h2>
          <IconCards cards={VALUES} className="mt-8 grid gap-6 md:grid-cols-3" />
        </section>

        <section aria-labelledby="story-heading" className="prose-page mx-auto mt-16 max-w-3xl">
          <h2 id="story-heading" className="!text-2xl">
            Our Story
          </h2>
          <p>
            Clipsmith started with a school newsletter. Finding one friendly picture of a recycling robot took
            an evening of searching stock sites, checking licences and erasing backgrounds. Describing it in a
            sentence should have been enough.
          </p>
          <p>
            So we built a tool that does exactly that: you write the sentence, it draws square clipart on a
            clean background, checks the result and hands you a file in the format you need. Members on every
            plan own what they make, and private pictures stay private.
          </p>
          <p>
            Today Clipsmith helps people make stickers, worksheets, slide decks, product labels and blog
            illustrations. We are a small team, and we read every message that comes through the contact form.
          </p>
        </section>

        <section aria-labelledby="credits-heading" className="prose-page mx-auto mt-12 max-w-3xl">
          <h2 id="credits-heading" className="!text-2xl">
            Art credits
          </h2>
          <p>The built-in clipart composer draws with open art and finds it with open word lists:</p>
          <ul>
            {ART_SETS.map((set) => (
              <li key={set.prefix}>
                {set.credit}
                {set.attributionRequired ? ': pictures drawn with it must credit it where they are used' : ''}
                {set.prefix === 'fluent-emoji-flat' ? '' : '; painted in colour by Clipsmith'}.
              </li>
            ))}
            <li>WordNet 3.1, © Princeton University (WordNet licence), for synonyms and broader words.</li>
            <li>Emoji keywords from Emojibase and the Unicode CLDR (MIT and Unicode licences).</li>
          </ul>
          <p>
            Each picture's SVG names the art sets it uses, and the download menu shows the credit line a
            picture needs. Commercial use is allowed on every plan; see the <Link to="/faq">FAQ</Link> and{' '}
            <Link to="/terms">Terms</Link>. The full notices ship with Clipsmith in THIRD_PARTY_NOTICES.md.
          </p>
        </section>

        <StartCreating className="mt-12" also={{ to: '/contact', label: 'Get in touch' }} />
      </PageContainer>
    </>
  );
}
