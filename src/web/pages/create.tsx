import { Generator } from '../components/generator/generator';
import { PageContainer, PageHero } from '../components/page-shell';

export default function CreatePage() {
  return (
    <>
      <PageHero
        title="Create Custom Clipart"
        description="Generate unique clipart with AI. Just describe what you have in mind!"
        className="[&>div]:pb-8 sm:[&>div]:pb-10"
      />
      <PageContainer size="xl" className="pt-8 sm:pt-10">
        <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-6 lg:p-8">
          <Generator returnTo="/create" />
        </div>
      </PageContainer>
    </>
  );
}
