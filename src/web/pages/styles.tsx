import { PaletteIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CustomStyle } from '../../core/api';
import { hasCustomStyles, tierLabel } from '../../core/tiers';
import { FormAlert } from '../components/form-message';
import { StyleSummary } from '../components/generator/my-styles';
import { PageContainer } from '../components/page-shell';
import { SettingsSubpageHeader } from '../components/settings-subpage-header';
import { StyleForm } from '../components/styles/style-form';
import { Button } from '../components/ui/button';
import { CenteredSpinner, Spinner } from '../components/ui/spinner';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { useDeleteStyle, useStyles, useUpdateStyle } from '../lib/styles';
import { toast } from '../lib/toast';

const TITLE = 'My Styles';

/** One saved style: its summary, or its edit form; Delete is open to every plan. */
function StyleRow({ style, canEdit }: { style: CustomStyle; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateStyle();
  const remove = useDeleteStyle();
  const { id, createdAt: _c, updatedAt: _u, ...values } = style;

  return (
    <li className="rounded-lg border p-4" data-testid="style-row">
      {editing ? (
        <StyleForm
          initial={values}
          themeEditable
          submitLabel={`Save ${style.name}`}
          pending={update.isPending}
          error={update.error}
          onSubmit={(patch) => update.mutate({ id, patch }, { onSuccess: () => setEditing(false) })}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h3 className="font-semibold">{style.name}</h3>
            <p className="text-muted-foreground text-sm">
              <StyleSummary style={style} />
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            {canEdit && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  update.reset();
                  setEditing(true);
                }}
                aria-label={`Edit ${style.name}`}
              >
                <PencilIcon aria-hidden="true" />
                Edit
              </Button>
            )}
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              aria-label={`Delete ${style.name}`}
              onClick={() =>
                remove.mutate(id, {
                  onSuccess: () => toast.success(`Deleted ${style.name}`),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              <Trash2Icon aria-hidden="true" />
              Delete
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

export default function StylesPage() {
  const { me } = useSession();
  const styles = useStyles(Boolean(me));

  if (!me) return <CenteredSpinner label="Checking your session" />;
  const allowed = hasCustomStyles(me.membership.tier);

  return (
    <PageContainer size="md">
      <SettingsSubpageHeader
        title={TITLE}
        icon={<PaletteIcon className="size-7 text-primary" aria-hidden="true" />}
      >
        A style is a theme, a palette and a few style words saved under a name. Save one from the generator
        with <span className="font-medium text-foreground">Save as style</span>, then pick it under{' '}
        <span className="font-medium text-foreground">My styles</span>.
      </SettingsSubpageHeader>

      <div className="mt-8 flex flex-col gap-6">
        {!allowed && (
          <FormAlert variant="info">
            Custom styles come with the {tierLabel('premium')} plan; you are on{' '}
            {tierLabel(me.membership.tier)}. Styles you saved before are kept and work again when you come
            back.{' '}
            <Link to="/pricing" className="font-medium underline">
              See the plans
            </Link>
          </FormAlert>
        )}
        <section aria-labelledby="styles-list-title" className="flex flex-col gap-3">
          <h2 id="styles-list-title" className="font-semibold text-xl">
            Your styles
            {styles.data && (
              <span className="ml-2 font-normal text-muted-foreground text-sm">
                {styles.data.styles.length} of {styles.data.limit}
              </span>
            )}
          </h2>
          {styles.isPending && <Spinner className="size-6" label="Loading your styles" />}
          {styles.isError && (
            <FormAlert>
              {errorMessage(styles.error)}{' '}
              <Button variant="link" className="h-auto p-0" onClick={() => styles.refetch()}>
                Try again
              </Button>
            </FormAlert>
          )}
          {styles.data && styles.data.styles.length === 0 && (
            <p className="text-muted-foreground text-sm">
              No styles yet.{' '}
              {allowed && (
                <Link to="/create" className="font-medium text-primary underline underline-offset-2">
                  Open the generator
                </Link>
              )}
            </p>
          )}
          {styles.data && styles.data.styles.length > 0 && (
            <ul className="flex flex-col gap-3">
              {styles.data.styles.map((style) => (
                <StyleRow key={style.id} style={style} canEdit={allowed} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </PageContainer>
  );
}
