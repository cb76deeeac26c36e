import { BookOpenIcon, KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CreatedApiKey } from '../../core/public-api';
import { hasApiAccess, tierLabel } from '../../core/tiers';
import { KeyList } from '../components/api-keys/key-list';
import { CreateKeyForm, NewKeySecret } from '../components/api-keys/new-key';
import { FormAlert } from '../components/form-message';
import { PageContainer } from '../components/page-shell';
import { SettingsSubpageHeader } from '../components/settings-subpage-header';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { CenteredSpinner, Spinner } from '../components/ui/spinner';
import { errorMessage } from '../lib/api';
import { useApiKeys } from '../lib/api-keys';
import { useSession } from '../lib/session';

const TITLE = 'API Keys';

export default function ApiKeysPage() {
  const { me } = useSession();
  const keys = useApiKeys(Boolean(me));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  if (!me) return <CenteredSpinner label="Checking your session" />;
  const allowed = hasApiAccess(me.membership.tier);

  return (
    <PageContainer size="md">
      <SettingsSubpageHeader title={TITLE}>
        Make pictures from your own programs with the Clipsmith REST API. Send a key as{' '}
        <code className="rounded bg-muted px-1 py-0.5 text-sm">Authorization: Bearer &lt;key&gt;</code>.{' '}
        <Link
          to="/docs/api"
          className="inline-flex items-center gap-1 text-primary underline underline-offset-2"
        >
          <BookOpenIcon className="size-4" aria-hidden="true" />
          API reference
        </Link>
      </SettingsSubpageHeader>

      <div className="mt-8 flex flex-col gap-8">
        {!allowed && (
          <FormAlert variant="info">
            API keys and the REST API are part of the {tierLabel('enterprise')} plan; you are on{' '}
            {tierLabel(me.membership.tier)}.{' '}
            <Link to="/pricing" className="font-medium underline">
              See the plans
            </Link>
          </FormAlert>
        )}

        {allowed && (
          <Card>
            <CardHeader className="border-b px-4 sm:px-6">
              <CardTitle as="h2" className="flex items-center gap-2">
                <KeyRoundIcon className="size-5 text-primary" aria-hidden="true" />
                Create a key
              </CardTitle>
              <CardDescription>
                Each key works until you revoke it or your plan leaves Enterprise.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4 px-4 pt-6 sm:px-6">
              {created ? (
                <NewKeySecret created={created} onDone={() => setCreated(null)} />
              ) : (
                <CreateKeyForm onCreated={setCreated} />
              )}
            </CardContent>
          </Card>
        )}

        <section aria-labelledby="api-keys-list-title" className="flex flex-col gap-3">
          <h2 id="api-keys-list-title" className="font-semibold text-xl">
            Your keys
          </h2>
          {keys.isPending && <Spinner className="size-6" label="Loading your keys" />}
          {keys.isError && (
            <FormAlert>
              {errorMessage(keys.error)}{' '}
              <Button variant="link" className="h-auto p-0" onClick={() => keys.refetch()}>
                Try again
              </Button>
            </FormAlert>
          )}
          {keys.data && <KeyList keys={keys.data.keys} />}
        </section>
      </div>
    </PageContainer>
  );
}
