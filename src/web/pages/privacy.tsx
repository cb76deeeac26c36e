import { Link } from 'react-router';
import { PageContainer, PageHero } from '../components/page-shell';

export default function PrivacyPage() {
  return (
    <>
      <PageHero
        title="Privacy Policy"
        eyebrow="Legal"
        description="What we collect, why, and what you can do about it. Last updated 1 June 2025."
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
          <li>to send account e-mails such as password resets and receipts;</li>
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

        <h2>Your rights</h2>
        <p>
          You can see and correct your profile in <Link to="/settings">Account Settings</Link>, make any
          picture private, and delete your account, which removes your profile, history and pictures. You may
          also ask us for a copy of your data or object to how we use it.
        </p>

        <h2>Contact</h2>
        <p>
          Questions about privacy, or a request about your data? Write to us through the{' '}
          <Link to="/contact">contact form</Link> and we will answer within 30 days.
        </p>
      </PageContainer>
    </>
  );
}
