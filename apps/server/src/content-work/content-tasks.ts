import type { DocumentValue } from '@weft/core';
import type { ContentLimits } from './content-limits.js';
import type { ContentTask } from './content-protocol.js';
import { checkJsonDepth } from './json-depth.js';
import { jsonPieces } from './json-pieces.js';

/**
 * A task's work, in the worker process. Libraries are imported on first use, as in the
 * server before (a worker that only ever splits never loads PDF.js). Results go to `emit`,
 * which sends them in batches; the return value is the task's final result.
 */
export async function runContentTask(
  task: ContentTask,
  input: readonly unknown[],
  limits: ContentLimits,
  emit: (items: readonly unknown[]) => Promise<void>,
): Promise<unknown> {
  switch (task.kind) {
    case 'parse': {
      const { parseDocument } = await import('../documents/parse-document.js');
      const bytes = Buffer.concat(input as Uint8Array[]);
      const file = { name: task.name, bytes, ...(task.mimeType === undefined ? {} : { mimeType: task.mimeType }) };
      await emit(await parseDocument(file, { ...(task.sheet === undefined ? {} : { sheet: task.sheet }), limits }));
      return undefined;
    }
    case 'split': {
      const { splitDocuments } = await import('../documents/split-documents.js');
      await emit(await splitDocuments(input as DocumentValue[], { ...task.options, limits }));
      return undefined;
    }
    case 'mail-html': {
      const { cleanMailBody } = await import('../outbound/mail-content.js');
      return cleanMailBody(task.html, task.text, task.subject, limits);
    }
    case 'json': {
      const text = (input as string[]).join('');
      checkJsonDepth(text, task.subject, limits);
      const value: unknown = JSON.parse(text);
      if (task.keep) await emit([...jsonPieces(value)]);
      return undefined;
    }
  }
}
