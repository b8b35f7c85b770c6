import type { Conversion } from '@weft/core';
import { ConversionsTable } from './ConversionsTable';
import { DocTable } from './DocTable';
import { Callout, Code, CodeBlock, DocSection } from './Prose';
import { TypeChip } from './TypeChip';

const TYPES = [
  ['text', 'Plain text: prompts, answers, messages.'],
  ['documents', 'Loaded files or web pages, with their metadata.'],
  ['chunks', 'Documents split into passages, ready to embed.'],
  ['results', 'Passages found by a search, with their scores.'],
  ['context', 'Search results formatted for a prompt.'],
  ['query', 'A search query for a retriever or vector store.'],
  ['json', 'Structured data from APIs, code and triggers.'],
  ['any', 'Accepts every type; connects to anything.'],
] as const;

const CRON_EXAMPLES = [
  ['0 9 * * 1-5', 'Weekdays at 09:00'],
  ['*/15 * * * *', 'Every 15 minutes'],
  ['0 8 * * 1', 'Mondays at 08:00'],
  ['0 0 1 * *', 'Midnight on the first of every month'],
] as const;

export function GuideConcepts({ conversions }: { conversions?: readonly Conversion[] }) {
  return (
    <>
      <DocSection id="data-types" title="Data types and converters">
        <p>
          Every input and output has a data type, shown by the colour of its handle. Weft checks each connection when you draw it, so a workflow that saves is a
          workflow whose types fit.
        </p>
        <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {TYPES.map(([type, what]) => (
            <li key={type} className="flex items-start gap-3 text-sm">
              <span className="w-24 shrink-0">
                <TypeChip type={type} />
              </span>
              <span>{what}</span>
            </li>
          ))}
        </ul>
        <p>When you connect two ports:</p>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>
            <strong>Same type, or either side is</strong> <Code>any</Code>: they connect directly.
          </li>
          <li>
            <strong>Different types with a conversion</strong>: Weft inserts a converter node between them for you.
          </li>
          <li>
            <strong>The input already has a connection</strong>: Weft inserts a Merger node that combines both (and a converter first, if the types differ).
          </li>
          <li>
            <strong>No conversion exists</strong>: the connection is refused, and the editor tells you why.
          </li>
        </ul>
        <ConversionsTable conversions={conversions} />
      </DocSection>

      <DocSection id="secrets" title="Secrets">
        <p>
          Keep API keys and passwords out of your workflows. Add them under <strong>Settings → Secrets</strong>, then refer to them by name in any field:
        </p>
        <CodeBlock label="Node field" code="{{secrets.OPENAI_API_KEY}}" />
        <p>
          Secret values are encrypted at rest with AES-256-GCM, masked in logs and stored run results, and never sent back to the browser: after saving you see
          only the name and the last four characters. Templating is a plain lookup — <Code>{'{{params.name}}'}</Code> for global parameters,{' '}
          <Code>{'{{input}}'}</Code> for a node’s input — and never runs code.
        </p>
        <Callout tone="warn">
          Operators: set <Code>WEFT_ENCRYPTION_KEY</Code> or keep the generated key file safe. Without the key, stored secrets cannot be decrypted.
        </Callout>
      </DocSection>

      <DocSection id="schedules" title="Schedules">
        <p>
          Any saved workflow can run on a schedule. Open it in the editor, choose <strong>Schedule</strong>, and enter a cron expression and a time zone (for
          example <Code>Europe/Berlin</Code>). Pause and resume a schedule at any time without losing it; every run appears in the execution history with its
          logs.
        </p>
        <DocTable columns={['Cron expression', 'Runs']} caption="Cron examples">
          {CRON_EXAMPLES.map(([cron, when]) => (
            <tr key={cron} className="border-t border-line">
              <td className="px-4 py-2.5 font-mono text-xs text-ink">{cron}</td>
              <td className="px-4 py-2.5 text-muted">{when}</td>
            </tr>
          ))}
        </DocTable>
      </DocSection>

      <DocSection id="api" title="Triggers and the API">
        <p>
          Besides the <strong>Run</strong> button and schedules, a workflow can be started from outside: by a <strong>webhook</strong> (
          <Code>POST /hooks/:id</Code> with the workflow’s webhook secret) or through the <strong>REST API</strong> with an API key from Settings:
        </p>
        <CodeBlock
          code={
            'curl -X POST http://localhost:3000/api/workflows/<workflow-id>/run \\\n  -H "Authorization: Bearer <api-key>" \\\n  -H "Content-Type: application/json" \\\n  -d \'{}\''
          }
        />
        <p>
          Every answer is JSON, and errors share one shape, <Code>{'{ statusCode, error, message }'}</Code>, with a message written for people. The same API
          serves the editor: workflows (<Code>/api/workflows</Code>), schedules (<Code>/api/schedules</Code>) and the node catalogue (
          <Code>/api/node-definitions</Code>), which this page’s reference below is built from. The full contract is in <Code>docs/API.md</Code> in the source.
        </p>
      </DocSection>
    </>
  );
}
