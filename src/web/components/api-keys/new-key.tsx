import { CheckIcon, CopyIcon, KeyRoundIcon } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { COPIED_MS } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { apiKeyNameSchema, type CreatedApiKey } from '../../../core/public-api';
import { ApiError, errorMessage } from '../../lib/api';
import { useCreateApiKey } from '../../lib/api-keys';
import { copyText } from '../../lib/generation';
import { toast } from '../../lib/toast';
import { FormAlert } from '../form-message';
import { Button } from '../ui/button';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { Label } from '../ui/label';

/** Name a new key; the secret is then shown once by <NewKeySecret>. */
export function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const create = useCreateApiKey();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = apiKeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0].message);
      document.getElementById('api-key-name')?.focus();
      return;
    }
    setFieldError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (key) => {
        setName('');
        onCreated(key);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'invalid_request') setFieldError(error.message);
      },
    });
  }

  const serverError =
    create.isError && !(create.error instanceof ApiError && create.error.code === 'invalid_request');
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      {serverError && <FormAlert>{errorMessage(create.error)}</FormAlert>}
      <FormField
        id="api-key-name"
        label="Key name"
        error={fieldError}
        hint="Name it after the program or script that will use it, so you know which one to revoke."
      >
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              placeholder="e.g. Build server"
              autoComplete="off"
              maxLength={80}
              value={name}
              onChange={(event) => setName(event.target.value)}
              disabled={create.isPending}
            />
            <Button type="submit" disabled={create.isPending} className="sm:w-auto">
              <KeyRoundIcon aria-hidden="true" />
              {create.isPending ? MESSAGES.saving : 'Create key'}
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}

/** The new key, shown this once with a copy button. */
export function NewKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await copyText(created.key);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch (error) {
      toast.error(errorMessage(error), { id: 'api-key-copy' });
    }
  }

  return (
    <section
      aria-labelledby="new-api-key-title"
      className="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-950"
    >
      <h3 id="new-api-key-title" className="font-semibold">
        Your new key “{created.name}”
      </h3>
      <p className="text-sm">
        Copy it now and keep it somewhere safe: it is shown only this once. Anyone with it can make pictures
        on your plan.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Label htmlFor="new-api-key" className="sr-only">
          New API key
        </Label>
        <Input
          id="new-api-key"
          readOnly
          value={created.key}
          spellCheck={false}
          className="bg-white font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={copy} aria-live="polite">
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? MESSAGES.copied : 'Copy key'}
        </Button>
      </div>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </section>
  );
}
