import { readWorkflowDocument } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { documentLoaderNode } from './document-loader.node.js';
import { migrateDocumentLoaderConfig } from './document-loader-migration.js';

describe('Document Loader v1 → v2', () => {
  it('turns every older spelling of an upload into its id', () => {
    expect(migrateDocumentLoaderConfig({ source: 'file', file: { fileId: 'f-1' } }, 1)).toEqual({ source: 'file', file: 'f-1' });
    expect(migrateDocumentLoaderConfig({ file: { id: ' f-2 ', name: 'a.pdf' }, sheet: 'Q1' }, 1)).toEqual({ file: 'f-2', sheet: 'Q1' });
    expect(migrateDocumentLoaderConfig({ file: ' f-3 ' }, 1)).toEqual({ file: 'f-3' });
  });

  it('keeps an inline file, a missing file and the other settings as they are', () => {
    const inline = { name: 'notes.txt', content: 'kept by an older editor', size: 23 };
    expect(migrateDocumentLoaderConfig({ file: inline }, 1)).toEqual({ file: inline });
    expect(migrateDocumentLoaderConfig({ source: 'url', url: 'https://example.com' }, 1)).toEqual({ source: 'url', url: 'https://example.com' });
  });

  it('does not change the stored config', () => {
    const stored = Object.freeze({ file: Object.freeze({ fileId: 'f-1' }) });
    migrateDocumentLoaderConfig(stored, 1);
    expect(stored).toEqual({ file: { fileId: 'f-1' } });
  });

  it('upgrades a stored version-1 node when the document is read', () => {
    const stored = JSON.stringify({
      schemaVersion: 1,
      name: 'Handbook',
      nodes: [
        {
          id: 'load',
          type: 'custom',
          position: { x: 0, y: 0 },
          data: { label: 'Load', type: 'rag.load', version: 1, config: { source: 'file', file: { fileId: 'f-9' } } },
        },
      ],
      edges: [],
      globalParameters: {},
    });
    const [node] = readWorkflowDocument(stored, [documentLoaderNode]).nodes;
    expect(node?.data.version).toBe(2);
    expect(node?.data.config).toEqual({ source: 'file', file: 'f-9' });
  });
});
