import { ClockIcon, LifeBuoyIcon, type LucideIcon, MailCheckIcon, SendIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { type ContactField, type ContactProblems, contactMessageProblems } from '../../core/contact';
import { EmailField } from '../components/account/credential-fields';
import { FormAlert } from '../components/form-message';
import { PageContainer, PageHero } from '../components/page-shell';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { FormField, InputField } from '../components/ui/form-field';
import { LiveForm } from '../components/ui/live-form';
import { Spinner } from '../components/ui/spinner';
import { Textarea } from '../components/ui/textarea';
import { api, errorMessage } from '../lib/api';
import { toast } from '../lib/toast';

type Field = ContactField;
type Values = Record<Field, string>;
type Errors = ContactProblems;

const EMPTY: Values = { name: '', email: '', message: '' };

/** A note beside the form on other ways to get help. */
function HelpNote({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border bg-muted/60 p-5">
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {title}
      </h2>
      <p className="mt-2 text-muted-foreground text-sm">{children}</p>
    </div>
  );
}

export default function ContactPage() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<{ name: string; email: string } | null>(null);

  const update = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    // The server's rules (contactMessageSchema), checked without loading zod.
    const found = contactMessageProblems(values);
    setErrors(found);
    const firstInvalid = (['name', 'email', 'message'] as const).find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`contact-${firstInvalid}`)?.focus();
      return;
    }
    setSending(true);
    try {
      await api.post('/api/contact', {
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
      });
      setSentTo({ name: values.name.trim(), email: values.email.trim() });
      setValues(EMPTY);
      toast.success('Message sent');
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <PageHero
        title="Contact Us"
        eyebrow="We are here to help"
        description="Questions, ideas or a problem with a picture? Send us a message and a person will reply."
      />
      <PageContainer size="lg" className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <Card>
          <CardContent className="pt-6">
            {sentTo ? (
              <div className="flex flex-col items-center gap-3 py-10 text-center" role="status">
                <MailCheckIcon className="size-12 text-success" aria-hidden="true" />
                <h2 className="font-semibold text-2xl">Message sent</h2>
                <p className="max-w-md text-muted-foreground">
                  Thanks, {sentTo.name}. We will reply to{' '}
                  <strong className="text-foreground">{sentTo.email}</strong> within two working days.
                </p>
                <Button variant="outline" className="mt-2" onClick={() => setSentTo(null)}>
                  Send another message
                </Button>
              </div>
            ) : (
              <LiveForm
                noValidate
                onSubmit={onSubmit}
                className="flex flex-col gap-5"
                aria-labelledby="contact-form-heading"
              >
                <h2 id="contact-form-heading" className="font-semibold text-xl">
                  Send us a message
                </h2>
                {formError && <FormAlert>{formError}</FormAlert>}
                <div className="grid gap-5 sm:grid-cols-2">
                  <InputField
                    id="contact-name"
                    label="Name"
                    error={errors.name}
                    name="name"
                    autoComplete="name"
                    value={values.name}
                    onValue={update('name')}
                    disabled={sending}
                  />
                  <EmailField
                    id="contact-email"
                    label="Email"
                    error={errors.email}
                    value={values.email}
                    onValue={update('email')}
                    disabled={sending}
                  />
                </div>
                <FormField id="contact-message" label="Message" error={errors.message}>
                  {(control) => (
                    <Textarea
                      {...control}
                      name="message"
                      rows={6}
                      placeholder="How can we help?"
                      value={values.message}
                      onChange={(event) => update('message')(event.target.value)}
                      disabled={sending}
                    />
                  )}
                </FormField>
                <Button type="submit" size="lg" className="self-start" disabled={sending}>
                  {sending ? (
                    <Spinner className="size-4 text-current" label="Sending" />
                  ) : (
                    <SendIcon aria-hidden="true" />
                  )}
                  {sending ? 'Sending...' : 'Send Message'}
                </Button>
              </LiveForm>
            )}
          </CardContent>
        </Card>

        <aside className="flex flex-col gap-4" aria-label="Other ways to get help">
          <HelpNote icon={ClockIcon} title="Response time">
            We reply within two working days, Monday to Friday, 9:00 to 17:00 CET.
          </HelpNote>
          <HelpNote icon={LifeBuoyIcon} title="Quick answers">
            Limits, file formats, credits and privacy are covered in the{' '}
            <Link to="/faq" className="font-medium text-primary underline underline-offset-2">
              FAQ
            </Link>
            .
          </HelpNote>
        </aside>
      </PageContainer>
    </>
  );
}
