import { HomeIcon, ImageOffIcon, LockIcon, UserRoundIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { isVisibleToEveryone } from '../../core/image-access';
import { truncate } from '../../core/user';
import { CreateButton } from '../components/create-button';
import { ArtCredit, DownloadMenu } from '../components/download-menu';
import { ProgressiveImage } from '../components/gallery/progressive-image';
import { LoadFailedPanel, StatePanel } from '../components/gallery/state-panel';
import { CopyUrlButton } from '../components/generator/copy-url-button';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { Button } from '../components/ui/button';
import { CenteredSpinner } from '../components/ui/spinner';
import { ApiError, errorMessage } from '../lib/api';
import { formatShortDate, sharePath, useSharedImage } from '../lib/gallery';

const NOT_FOUND = 'This picture is private or no longer exists';

/**
 * /i/:id — a public image anyone can open, signed in or not; a private one only its owner can
 * (the server answers everyone else 404), with a note saying so.
 */
export default function SharePage() {
  const { id = '' } = useParams();
  const shared = useSharedImage(id);

  if (shared.isPending) return <CenteredSpinner label="Loading picture" />;

  if (shared.isError) {
    const missing =
      shared.error instanceof ApiError && shared.error.status >= 400 && shared.error.status < 500;
    return (
      <PageContainer size="md" className="flex flex-1 flex-col justify-center">
        <PageTitle title={missing ? 'Picture not found' : 'Something went wrong'} />
        {missing ? (
          <StatePanel
            icon={ImageOffIcon}
            title={NOT_FOUND}
            headingLevel="h1"
            actions={
              <>
                <Button asChild>
                  <Link to="/">
                    <HomeIcon aria-hidden="true" />
                    Go to the home page
                  </Link>
                </Button>
                <CreateButton variant="outline">Create your own</CreateButton>
              </>
            }
          >
            Its owner may have made it private or deleted it. There is plenty more clipart to make.
          </StatePanel>
        ) : (
          <LoadFailedPanel
            title="This picture could not be loaded"
            headingLevel="h1"
            onRetry={() => shared.refetch()}
          >
            {errorMessage(shared.error)}
          </LoadFailedPanel>
        )}
      </PageContainer>
    );
  }

  const image = shared.data;
  const everyone = isVisibleToEveryone(image);
  return (
    <div className="bg-gradient-to-b from-violet-50 to-background">
      <PageContainer size="xl" className="py-8 sm:py-14">
        <PageTitle title={truncate(image.prompt, 60)} />
        <div className="grid items-center gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
          <figure className="overflow-hidden rounded-2xl border bg-[conic-gradient(#f4f2f9_25%,#fff_0_50%,#f4f2f9_0_75%,#fff_0)] bg-[length:24px_24px] shadow-sm">
            <ProgressiveImage image={image} alt={image.prompt} priority className="mx-auto max-h-[75dvh]" />
          </figure>
          <div className="flex flex-col gap-6">
            <div>
              {!everyone && (
                <p
                  className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 font-medium text-amber-900 text-sm ring-1 ring-amber-200"
                  data-testid="private-note"
                >
                  <LockIcon className="size-3.5" aria-hidden="true" />
                  Private — only you can see this
                </p>
              )}
              <p className="font-semibold text-primary text-sm uppercase tracking-wide">
                Clipart made with Clipsmith
              </p>
              <h1 className="mt-2 text-balance break-words font-bold text-2xl leading-tight tracking-tight sm:text-3xl">
                {image.prompt}
              </h1>
              <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
                <span className="inline-flex items-center gap-1.5">
                  <UserRoundIcon className="size-4" aria-hidden="true" />
                  {image.owner}
                </span>
                <span aria-hidden="true">·</span>
                <time dateTime={image.createdAt}>{formatShortDate(image.createdAt)}</time>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <DownloadMenu image={image} />
              <CopyUrlButton
                image={{
                  url: image.url,
                  shareUrl: everyone ? sharePath(image.id) : undefined,
                  privacy: image.privacy,
                }}
              />
            </div>
            <ArtCredit artSets={image.artSets} />
            <div className="rounded-xl border bg-card p-5 shadow-sm">
              <p className="font-semibold">Want clipart like this?</p>
              <p className="mt-1 text-muted-foreground text-sm">
                Describe an idea in a few words and get a ready-to-use picture for stickers, slides and posts.
              </p>
              <CreateButton className="mt-4">Create your own</CreateButton>
            </div>
          </div>
        </div>
      </PageContainer>
    </div>
  );
}
