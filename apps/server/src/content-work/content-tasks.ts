import type { DocumentValue } from '@weft/core';
import { batchesOf } from './content-batches.js';
import type { ContentLimits } from './content-limits.js';
import type { ContentTask } from './content-protocol.js';
import { checkJsonDepth } from './json-depth.js';
import { jsonPieces } from './json-pieces.js';
import { packDocuments } from './packing.js';

/**
 * A task's work, in the worker process. Libraries are imported on first use, as in the
 * server before (a worker that only ever splits never loads PDF.js). Results go to `emit`
 * a message at a time (content-batches.ts sizes them); the return value is the task's
 * final result.
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
      const documents: DocumentValue[] = await parseDocument(file, { ...(task.sheet === undefined ? {} : { sheet: task.sheet }), limits });
      for (const batch of batchesOf(documents)) await emit([packDocuments(batch)]);
      return undefined;
    }
    case 'split': {
      const { splitTexts } = await import('../documents/split-documents.js');
      const chunks: { from: number; text: string }[] = [];
      await splitTexts(input as string[], { ...task.options, limits }, (from, text) => chunks.push({ from, text }));
      for (const batch of batchesOf(chunks)) await emit([{ from: batch.map((chunk) => chunk.from), texts: batch.map((chunk) => chunk.text) }]);
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
      if (task.keep) for (const batch of batchesOf([...jsonPieces(value)])) await emit(batch);
      return undefined;
    }
  }
}
