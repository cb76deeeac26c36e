import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserRoundIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type Me, meSchema, profileUpdateSchema } from '../../../core/api';
import { MESSAGES } from '../../../core/messages';
import { api, errorMessage } from '../../lib/api';
import { ME_QUERY_KEY } from '../../lib/session';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { InputField } from '../ui/form-field';

/**
 * A new member's first visit: the one name they are shown by, chosen by them. Prefilled with
 * their neutral starting username (never anything from the e-mail); gone once a name is saved.
 */
export function ChooseDisplayName({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(me.user.username);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (fullName: string) => api.patch('/api/me/profile', { fullName }, { schema: meSchema }),
    onSuccess: (updated) => queryClient.setQueryData(ME_QUERY_KEY, updated),
    onError: (cause) => setError(errorMessage(cause, MESSAGES.failedToUpdateProfile)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = profileUpdateSchema.shape.fullName.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      document.getElementById('first-display-name')?.focus();
      return;
    }
    save.mutate(checked.data);
  }

  return (
    <Card className="border-primary/30 bg-violet-50/60" role="region" aria-labelledby="choose-name-title">
      <CardContent className="px-4 py-5 sm:px-6">
        <h2 id="choose-name-title" className="flex items-center gap-2 font-semibold text-lg">
          <UserRoundIcon className="size-5 text-primary" aria-hidden="true" />
          Choose the name you are shown by
        </h2>
        <form noValidate onSubmit={onSubmit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <InputField
            id="first-display-name"
            label="Display name"
            className="min-w-0 flex-1"
            hint={MESSAGES.displayNamePublic}
            error={error}
            value={name}
            maxLength={100}
            autoComplete="nickname"
            onValue={(value) => {
              setName(value);
              setError(undefined);
            }}
            disabled={save.isPending}
          />
          <Button type="submit" disabled={save.isPending} className="sm:mt-7">
            {save.isPending ? MESSAGES.saving : 'Save name'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
