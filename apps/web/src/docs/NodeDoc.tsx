import type { ConfigField, NodeDefinition, PortDefinition } from '@weft/core';
import { categorySwatch } from '../lib/palette';
import { DocTable } from './DocTable';
import { Markdown } from './Markdown';
import { nodeAnchor } from './node-anchors';
import { TypeChip } from './TypeChip';

function formatDefault(field: ConfigField): string {
  if (!('default' in field) || field.default === undefined) return '—';
  // Example code is too long for a table cell; the node's docs describe it.
  if (field.kind === 'code') return 'example code';
  const value = field.default;
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

function PortList({ title, ports }: { title: string; ports: readonly PortDefinition[] }) {
  return (
    <div>
      <h5 className="text-xs font-semibold tracking-wide text-subtle uppercase">{title}</h5>
      {ports.length === 0 ? (
        <p className="mt-2 text-sm text-subtle">None</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {ports.map((port) => (
            <li key={port.id} className="flex flex-wrap items-center gap-2 text-sm">
              <TypeChip type={port.type} />
              <span className="font-medium text-ink">{port.label}</span>
              {port.optional && <span className="text-xs text-subtle">optional</span>}
              {port.description && <span className="basis-full text-xs text-muted">{port.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ConfigTable({ fields }: { fields: readonly ConfigField[] }) {
  if (fields.length === 0) return <p className="text-sm text-subtle">This node has no settings.</p>;
  return (
    <DocTable columns={['Field', 'Kind', 'Default', 'Description']} dense tableClassName="min-w-[520px]">
      {fields.map((field) => (
        <tr key={field.key} className="border-t border-line align-top">
          <td className="px-3 py-2.5">
            <div className="font-medium text-ink">
              {field.label}
              {field.required && (
                <span className="ml-1 text-danger" title="Required">
                  *
                </span>
              )}
            </div>
            <code className="font-mono text-xs text-subtle">{field.key}</code>
          </td>
          <td className="px-3 py-2.5">
            <span className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-muted">{field.kind}</span>
          </td>
          <td className="max-w-[14rem] px-3 py-2.5 font-mono text-xs break-words text-muted">{formatDefault(field)}</td>
          <td className="px-3 py-2.5 text-muted">
            {field.description ?? ''}
            {field.kind === 'select' && field.options.length > 0 && (
              <span className="mt-1 block text-xs text-subtle">Options: {field.options.map((o) => o.label).join(', ')}</span>
            )}
          </td>
        </tr>
      ))}
    </DocTable>
  );
}

/** One node type's reference entry: ports, settings and its own docs. */
export function NodeDoc({ definition }: { definition: NodeDefinition }) {
  const id = nodeAnchor(definition.type);
  const swatch = categorySwatch(definition.category);
  return (
    <article id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className={`h-2.5 w-2.5 rounded-full ${swatch.dot}`} aria-hidden="true" />
        <h4 id={`${id}-title`} className="text-lg font-semibold text-ink">
          <a href={`#${id}`} className="hover:text-brand">
            {definition.title}
          </a>
        </h4>
        <code className="rounded-md bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-muted">{definition.type}</code>
        <span className="text-xs text-subtle">v{definition.version}</span>
        {definition.hidden && <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-muted">Inserted automatically</span>}
      </header>
      <p className="mt-3 text-sm leading-relaxed text-muted">{definition.description}</p>
      <div className="mt-5 grid gap-5 rounded-xl bg-canvas p-4 sm:grid-cols-2">
        <PortList title="Inputs" ports={definition.inputs} />
        <PortList title="Outputs" ports={definition.outputs} />
      </div>
      <h5 className="mt-6 mb-3 text-xs font-semibold tracking-wide text-subtle uppercase">Settings</h5>
      <ConfigTable fields={definition.config} />
      {definition.docs && (
        <div className="mt-6 border-t border-line pt-5">
          <Markdown source={definition.docs} />
        </div>
      )}
    </article>
  );
}
