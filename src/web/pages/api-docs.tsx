import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../components/form-message';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { Badge } from '../components/ui/badge';
import { Spinner } from '../components/ui/spinner';
import { api, errorMessage } from '../lib/api';

// The REST API reference, rendered from the server's own OpenAPI document (GET /api/openapi.json),
// so what people read is what the server validates.

const TITLE = 'API Reference';

type Schema = { type?: string; enum?: unknown[]; default?: unknown; description?: string; $ref?: string };
type Parameter = {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  description?: string;
  schema?: Schema;
};
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
  'x-codeSamples'?: Array<{ lang: string; source: string }>;
};
type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, { properties?: Record<string, Schema>; required?: string[] }> };
};

/** One line of the document's text with its `code` spans rendered as code, not as backticks. */
function InlineCode({ text }: { text: string }) {
  // Keyed by their offset in the text: the same text always splits the same way.
  let offset = 0;
  const parts = text.split(/(`[^`]+`)/).map((part) => {
    const at = offset;
    offset += part.length;
    return { part, at };
  });
  return (
    <>
      {parts.map(({ part, at }) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
          <code
            key={at}
            className="break-words rounded bg-muted px-1 py-0.5 font-mono text-foreground text-sm"
          >
            {part.slice(1, -1)}
          </code>
        ) : (
          <Fragment key={at}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Paragraphs with `code` spans: all the markup the document's descriptions use. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split('\n\n').map((paragraph) => (
        <p key={paragraph} className="mt-3 text-muted-foreground">
          <InlineCode text={paragraph} />
        </p>
      ))}
    </>
  );
}

function typeOf(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return schema.$ref.split('/').pop() ?? '';
  if (schema.enum) return schema.enum.map(String).join(' | ');
  return schema.type ?? '';
}

function Code({ children, label }: { children: ReactNode; label: string }) {
  return (
    // Focusable, so a keyboard can scroll a long line sideways.
    <figure className="mt-2">
      <figcaption className="sr-only">{label}</figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="max-w-full overflow-x-auto whitespace-pre-wrap rounded-lg bg-slate-950 p-4 text-slate-50 text-xs leading-relaxed [overflow-wrap:anywhere]"
      >
        <code>{children}</code>
      </pre>
    </figure>
  );
}

function OperationCard({
  method,
  path,
  op,
  schemas,
}: {
  method: string;
  path: string;
  op: Operation;
  schemas: NonNullable<OpenApiDocument['components']>['schemas'];
}) {
  const body = op.requestBody?.content['application/json'];
  const bodySchema = body?.schema?.$ref ? schemas?.[body.schema.$ref.split('/').pop() ?? ''] : undefined;
  const curl = op['x-codeSamples']?.find((sample) => sample.lang === 'curl');
  return (
    <section
      id={op.operationId}
      aria-labelledby={`${op.operationId}-title`}
      className="scroll-mt-24 border-t pt-8"
    >
      <h2 id={`${op.operationId}-title`} className="font-semibold text-xl">
        {op.summary}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2 font-mono text-sm">
        <Badge variant={method === 'get' ? 'secondary' : 'default'}>{method.toUpperCase()}</Badge>
        <span className="break-all">{path}</span>
      </p>
      {op.description && <Prose text={op.description} />}

      {(op.parameters?.length ?? 0) > 0 && (
        <>
          <h3 className="mt-5 font-medium">Parameters</h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {op.parameters?.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code className="font-semibold">{p.name}</code>{' '}
                <span className="text-muted-foreground">
                  ({p.in}
                  {p.required ? ', required' : ''}) {typeOf(p.schema)}
                  {p.schema?.default !== undefined ? ` (default: ${String(p.schema.default)})` : ''}
                  {p.description && (
                    <>
                      {' — '}
                      <InlineCode text={p.description} />
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}

      {bodySchema?.properties && (
        <>
          <h3 className="mt-5 font-medium">JSON body</h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {Object.entries(bodySchema.properties).map(([name, schema]) => (
              <li key={name}>
                <code className="font-semibold">{name}</code>{' '}
                <span className="text-muted-foreground">
                  {bodySchema.required?.includes(name) ? '(required) ' : ''}
                  {typeOf(schema)}
                  {schema.default !== undefined ? ` (default: ${String(schema.default)})` : ''}
                  {schema.description && (
                    <>
                      {' — '}
                      <InlineCode text={schema.description} />
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}

      <h3 className="mt-5 font-medium">Responses</h3>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {Object.entries(op.responses).map(([status, response]) => (
          <li key={status}>
            <code className="font-semibold">{status}</code>{' '}
            <span className="text-muted-foreground">
              <InlineCode text={response.description} />
              {response.content ? ` (${Object.keys(response.content).join(', ')})` : ''}
            </span>
          </li>
        ))}
      </ul>

      {curl && (
        <>
          <h3 className="mt-5 font-medium">Example</h3>
          <Code label={`curl example: ${op.summary}`}>{curl.source}</Code>
        </>
      )}
    </section>
  );
}

export default function ApiDocsPage() {
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => api.get<OpenApiDocument>('/api/openapi.json', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <PageContainer size="md">
      <PageTitle title={TITLE} />
      <header>
        <h1 className="font-bold text-3xl tracking-tight">{TITLE}</h1>
        <p className="mt-2 text-muted-foreground">
          The Clipsmith REST API. Keys are made on{' '}
          <Link
            to="/settings/api-keys"
            className="text-primary underline underline-offset-2 hover:no-underline"
          >
            Settings → API keys
          </Link>
          ; the machine-readable description is at{' '}
          <a
            href="/api/openapi.json"
            className="text-primary underline underline-offset-2 hover:no-underline"
          >
            /api/openapi.json
          </a>{' '}
          (OpenAPI 3.1).
        </p>
      </header>

      {doc.isPending && (
        <div className="mt-8">
          <Spinner label="Loading the API reference" />
        </div>
      )}
      {doc.isError && <FormAlert className="mt-8">{errorMessage(doc.error)}</FormAlert>}
      {doc.data && (
        <div className="mt-6 flex flex-col gap-8">
          <div>
            {doc.data.info.description && <Prose text={doc.data.info.description} />}
            <nav aria-label="Operations" className="mt-5">
              <ul className="flex flex-col gap-1 text-sm">
                {Object.entries(doc.data.paths).flatMap(([path, ops]) =>
                  Object.entries(ops).map(([method, op]) => (
                    <li key={op.operationId}>
                      <a
                        href={`#${op.operationId}`}
                        className="text-primary underline underline-offset-2 hover:no-underline"
                      >
                        {op.summary}
                      </a>{' '}
                      <span className="font-mono text-muted-foreground text-xs">
                        {method.toUpperCase()} {path}
                      </span>
                    </li>
                  )),
                )}
              </ul>
            </nav>
          </div>
          {Object.entries(doc.data.paths).flatMap(([path, ops]) =>
            Object.entries(ops).map(([method, op]) => (
              <OperationCard
                key={op.operationId}
                method={method}
                path={path}
                op={op}
                schemas={doc.data.components?.schemas}
              />
            )),
          )}
        </div>
      )}
    </PageContainer>
  );
}
