import { Link } from 'react-router';
import { PICTURE_LICENCE } from '../../core/art-licences';
import { PageContainer, PageHero } from '../components/page-shell';

export default function TermsPage() {
  return (
    <>
      <PageHero
        title="Terms of Service"
        eyebrow="Legal"
        description="The rules for using Clipsmith, in plain language. Last updated 1 June 2025."
      />
      <PageContainer size="md" className="prose-page">
        <p>
          These terms are an agreement between you and Clipsmith. They cover the website, your account and
          every picture you make with it.
        </p>

        <h2>1. Acceptance of terms</h2>
        <p>
          By creating an account or using Clipsmith you accept these terms and our{' '}
          <Link to="/privacy">Privacy Policy</Link>. If you use Clipsmith for an organisation, you accept them
          on its behalf. If you do not agree, please do not use the service.
        </p>

        <h2>2. Use licence</h2>
        <p>{PICTURE_LICENCE.terms} In return you agree:</p>
        <ul>
          <li>not to describe content that is illegal, hateful, sexual, violent or that harasses anyone;</li>
          <li>
            not to copy other people's trademarks, characters or artwork, or present our output as theirs;
          </li>
          <li>not to resell Clipsmith itself, scrape it, or get around its limits or payments;</li>
          <li>
            that public pictures may be shown to other members in the Explore gallery and on a share page.
          </li>
        </ul>
        <p>We may remove pictures or suspend accounts that break these rules.</p>

        <h2>3. Disclaimer</h2>
        <p>
          Clipsmith draws pictures with automated image models. Results can be unexpected, imperfect or
          resemble existing work by chance. The service is provided "as is", without warranties of any kind,
          including fitness for a particular purpose. Please check a picture before you rely on it.
        </p>

        <h2>4. Limitations</h2>
        <p>
          To the extent the law allows, Clipsmith is not liable for indirect or consequential losses, lost
          profits or lost data arising from your use of the service. Our total liability is limited to the
          amount you paid us in the twelve months before the claim. Monthly image limits, credits and plan
          features are described on the <Link to="/pricing">pricing page</Link>; credits have no cash value
          and are not refundable once used.
        </p>

        <h2>5. Revisions</h2>
        <p>
          We may update these terms as the product changes. When we make a material change we will post it on
          this page and tell members by e-mail at least 14 days before it takes effect. Continuing to use
          Clipsmith after that means you accept the new terms. Questions?{' '}
          <Link to="/contact">Contact us</Link>.
        </p>
      </PageContainer>
    </>
  );
}
