import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import {
  type Me,
  meSchema,
  type ProfileUpdate,
  profileUpdateSchema,
  usernameSchema,
} from '../../../core/api';
import { MESSAGES } from '../../../core/messages';
import { ApiError, api } from '../../lib/api';
import { ME_QUERY_KEY, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';

type Field = 'fullName' | 'username';
type Errors = Partial<Record<Field, string>>;

const FIELD_MESSAGES: Record<Field, string[]> = {
  fullName: [MESSAGES.fullNameRequired, MESSAGES.fullNameTooLong],
  username: [MESSAGES.usernameInvalid, MESSAGES.usernameTaken],
};

/** A 400 from the server names the rule that failed; put it next to its field when we know which. */
function fieldOf(message: string): Field | undefined {
  return (Object.keys(FIELD_MESSAGES) as Field[]).find((field) => FIELD_MESSAGES[field].includes(message));
}

const updateProfile = (body: ProfileUpdate) => api.patch('/api/me/profile', body, { schema: meSchema });

/** Anything but letters, numbers and underscores breaks the username rule whatever its length. */
const hasForbiddenCharacter = (value: string) => /[^A-Za-z0-9_]/.test(value.trim());

/**
 * Full name, the once-only username change and the (read-only) e-mail. The username field is
 * read-only until 'Change' is pressed and locks again after a successful save; once the one
 * change has been used the button is gone for good.
 */
export function ProfileForm({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const [fullName, setFullName] = useState(me.user.fullName);
  const [username, setUsername] = useState(me.user.username);
  const [editingUsername, setEditingUsername] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const usernameInput = useRef<HTMLInputElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const usernameChanged = me.user.usernameChangedAt !== null;
  // The one-time change waits here for the member's yes in the confirmation dialog.
  const [pendingChange, setPendingChange] = useState<ProfileUpdate | null>(null);

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(ME_QUERY_KEY, updated);
      setFullName(updated.user.fullName);
      setUsername(updated.user.username);
      setEditingUsername(false);
      toast.success(MESSAGES.profileUpdated, { id: 'profile-saved' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'username_taken') {
        setErrors({ username: MESSAGES.usernameTaken });
        usernameInput.current?.focus();
        return;
      }
      if (error instanceof ApiError && error.code === 'username_locked') {
        // Changed from another tab or device: show the locked state the server now has.
        setEditingUsername(false);
        setUsername(me.user.username);
        toast.error(error.message, { id: 'profile-error' });
        void refresh();
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        const field = fieldOf(error.message);
        if (field) {
          setErrors({ [field]: error.message });
          return;
        }
      }
      if (error instanceof ApiError && error.status === 401) void refresh();
      toast.error(MESSAGES.failedToUpdateProfile, { id: 'profile-error' });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const found: Errors = {};
    const name = profileUpdateSchema.shape.fullName.safeParse(fullName);
    if (!name.success) found.fullName = name.error.issues[0].message;

    const wanted = username.trim();
    const changingUsername = editingUsername && wanted.toLowerCase() !== me.user.username;
    let checkedUsername: string | undefined;
    if (changingUsername) {
      const check = usernameSchema.safeParse(wanted);
      if (check.success) checkedUsername = check.data;
      else found.username = check.error.issues[0].message;
    }

    setErrors(found);
    if (found.fullName) {
      document.getElementById('settings-full-name')?.focus();
      return;
    }
    if (found.username) {
      usernameInput.current?.focus();
      return;
    }
    if (checkedUsername) {
      setPendingChange({ fullName: name.data!, username: checkedUsername });
      return;
    }
    save.mutate({ fullName: name.data! });
  }

  function confirmUsernameChange() {
    if (!pendingChange) return;
    save.mutate(pendingChange);
    setPendingChange(null);
  }

  function startUsernameChange() {
    setEditingUsername(true);
    // The input turns editable on the next render; focus it then.
    requestAnimationFrame(() => {
      usernameInput.current?.focus();
      usernameInput.current?.select();
    });
  }

  function cancelUsernameChange() {
    setEditingUsername(false);
    setUsername(me.user.username);
    setErrors((current) => ({ ...current, username: undefined }));
    requestAnimationFrame(() => changeButton.current?.focus());
  }

  const busy = save.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Profile Information">
      <FormField
        id="settings-full-name"
        label="Display name"
        required
        error={errors.fullName}
        hint={MESSAGES.displayNamePublic}
      >
        {(control) => (
          <Input
            {...control}
            name="fullName"
            autoComplete="nickname"
            value={fullName}
            onChange={(event) => {
              setFullName(event.target.value);
              if (errors.fullName) setErrors((current) => ({ ...current, fullName: undefined }));
            }}
            aria-required="true"
            maxLength={100}
            disabled={busy}
            placeholder={me.user.username}
          />
        )}
      </FormField>

      <FormField
        id="settings-username"
        label="Username"
        error={errors.username}
        hint={
          usernameChanged
            ? MESSAGES.usernameAlreadyChanged
            : editingUsername
              ? `${MESSAGES.usernameChangeOnce}. Use 3–30 letters, numbers or underscores (no spaces); it is kept in lower case.`
              : MESSAGES.usernameChangeOnce
        }
      >
        {(control) => (
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <span
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground text-sm"
                aria-hidden="true"
              >
                @
              </span>
              <Input
                {...control}
                ref={usernameInput}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                className="pl-7"
                value={username}
                readOnly={!editingUsername}
                onChange={(event) => {
                  const value = event.target.value;
                  setUsername(value);
                  // Said while typing, not after Save: a character the rule refuses.
                  if (hasForbiddenCharacter(value))
                    setErrors((current) => ({ ...current, username: MESSAGES.usernameInvalid }));
                  else if (errors.username) setErrors((current) => ({ ...current, username: undefined }));
                }}
                maxLength={30}
                disabled={busy}
              />
            </div>
            {!usernameChanged &&
              (editingUsername ? (
                <Button type="button" variant="ghost" onClick={cancelUsernameChange} disabled={busy}>
                  Cancel<span className="sr-only"> username change</span>
                </Button>
              ) : (
                <Button
                  ref={changeButton}
                  type="button"
                  variant="outline"
                  onClick={startUsernameChange}
                  disabled={busy}
                >
                  Change<span className="sr-only"> username</span>
                </Button>
              ))}
          </div>
        )}
      </FormField>

      <FormField id="settings-email" label="Email" hint={MESSAGES.emailContactSupport}>
        {(control) => <Input {...control} type="email" name="email" value={me.user.email} readOnly />}
      </FormField>

      <div className="flex justify-end border-t pt-5">
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? MESSAGES.saving : 'Save Changes'}
        </Button>
      </div>

      <Dialog open={pendingChange !== null} onOpenChange={(open) => !open && setPendingChange(null)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle className="break-words">
              Change your username to @{pendingChange?.username}?
            </DialogTitle>
            <DialogDescription>
              You can change your username only once. After this, @{pendingChange?.username} stays yours and
              cannot be changed again.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep @{me.user.username}
              </Button>
            </DialogClose>
            <Button type="button" onClick={confirmUsernameChange}>
              Change to @{pendingChange?.username}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
