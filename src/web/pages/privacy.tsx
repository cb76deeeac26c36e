import { Link } from 'react-router';
import { PageContainer, PageHero } from '../components/page-shell';

export default function PrivacyPage() {
  return (
    <>
      <PageHero
        title="Privacy Policy"
        eyebrow="Legal"
        description="What we collect, why, and what you can do about it. Last updated 25 November 2026."
      />
      <PageContainer size="md" className="prose-page">
        <p>
          Clipsmith collects as little as it needs to run your account and make your pictures. We do not sell
          your data and we do not show ads.
        </p>

        <h2>Information we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your e-mail address, a password (stored only as a secure hash),
            and the full name and username you choose.
          </li>
          <li>
            <strong>What you create:</strong> your prompts, the options you pick and the pictures generated
            from them.
          </li>
          <li>
            <strong>Membership and purchases:</strong> your plan, monthly usage and credit balance. Card
            payments are handled by our payment provider; we never see or store card numbers.
          </li>
          <li>
            <strong>Technical data:</strong> a session cookie that keeps you signed in, and server logs (IP
            address, time, page) kept for security.
          </li>
        </ul>

        <h2>How we use it</h2>
        <ul>
          <li>to sign you in, make your pictures and keep your history;</li>
          <li>to apply your plan's monthly limit and your credits;</li>
          <li>
            to send account e-mails: the link that finishes signing up, password resets, and a receipt for
            each purchase (a plan, each renewal, a credit pack);
          </li>
          <li>to prevent abuse and keep the service running.</li>
        </ul>
        <p>
          When an external image model is configured, your prompt (never your e-mail or name) is sent to it to
          draw the picture.
        </p>

        <h2>How we protect it</h2>
        <p>
          Everything travels over HTTPS. Passwords are hashed, sessions use secure cookies, and private
          pictures are only served to their owner. Access to our systems is limited to the people who run
          them.
        </p>

        <h2>What other people see</h2>
        <p>
          Pictures you make public show on Explore and on their share page with an author name: the display
          name you chose (on your first visit, or later in <Link to="/settings">Account Settings</Link>), the
          same name your own menu shows. Until you choose one they say &ldquo;Anonymous&rdquo;. Nothing shown
          to others is ever taken from your e-mail address, and the starting username we give you (a colour,
          an animal and a number) is only a suggestion.
        </p>

        <h2>Your rights</h2>
        <p>
          You can see and correct your profile in <Link to="/settings">Account Settings</Link>, make any
          picture private, download all your data and delete your account. &ldquo;Download my data&rdquo;
          gives you a zip of every picture you made (the full-size PNG, and the SVG where there is one) and a
          file with your account, plan, credit history, API keys (their names and dates, never the keys) and
          prompts.
        </p>

        <h2>What deleting removes, and how long it takes</h2>
        <ul>
          <li>
            <strong>A picture:</strong> it disappears from your history, Explore and its share link at once.
            Its files (the picture, its thumbnail and every download made from it) are removed from our
            storage straight away; if the storage does not confirm, we keep trying until it does, usually
            within minutes and at the latest within a day or two.
          </li>
          <li>
            <strong>Your account:</strong> your sign-in, sessions, profile, API keys, membership, monthly
            usage, credit balance, every picture (as above), the messages you sent us through the contact
            form, the e-mails we sent you and any password-reset links are deleted at once.
          </li>
          <li>
            <strong>What we keep:</strong> the credit ledger rows of your purchases, spends and refunds
            (amount, kind and date, with no link to you and no prompt text), and a paid order&rsquo;s amount,
            because bookkeeping law requires it. Payment records at our payment provider follow its own
            retention.
          </li>
          <li>
            <strong>Short-lived records:</strong> e-mails we send anyone are deleted from our outbox 30 days
            after they were sent; counters that limit sign-in attempts by network address expire within a day;
            server logs (network addresses, and the address of an e-mail we sent) are kept for at most 30
            days.
          </li>
          <li>
            A public picture that someone else already downloaded or that a content network cached may stay
            with them; we cannot reach copies outside our service.
          </li>
        </ul>

        <h2>Contact</h2>
        <p>
          Questions about privacy, or a request about your data? Write to us through the{' '}
          <Link to="/contact">contact form</Link> and we will answer within 30 days.
        </p>
      </PageContainer>
    </>
  );
}
