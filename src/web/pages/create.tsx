import { Generator } from '../components/generator/generator';
import { PageContainer, PageHero } from '../components/page-shell';
import { useAppMeta } from '../lib/meta';
import { pictureDrawer } from '../lib/picture-drawer';

export default function CreatePage() {
  const drawer = pictureDrawer(useAppMeta().data);
  return (
    <>
      <PageHero
        title="Create Custom Clipart"
        description="Describe what you have in mind and get square clipart in seconds."
        className="[&>div]:pb-8 sm:[&>div]:pb-10"
      >
        {/* Says what really draws here; reserved height so the line arriving moves nothing. */}
        <p className="mt-2 min-h-6 text-muted-foreground" data-testid="picture-drawer">
          {drawer && `Drawn by ${drawer}.`}
        </p>
      </PageHero>
      <PageContainer size="xl" className="pt-8 sm:pt-10">
        <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-6 lg:p-8">
          <Generator returnTo="/create" />
        </div>
      </PageContainer>
    </>
  );
}
