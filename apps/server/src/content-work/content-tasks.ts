import type { DocumentValue } from '@weft/core';
import { batchesOf, TextJoiner, type TextPiece } from './content-batches.js';
import type { ContentLimits } from './content-limits.js';
import type { ContentTask } from './content-protocol.js';
import { checkJsonDepth } from './json-depth.js';
import { jsonPieces } from './json-pieces.js';
import { ChunkLocator, documentItems, type LocatedChunk, packChunks } from './packing.js';

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
      for (const item of documentItems(documents)) await emit([item]);
      return undefined;
    }
    case 'split': {
      const { splitTexts } = await import('../documents/split-documents.js');
      const texts = TextJoiner.texts(input as (string | TextPiece)[]);
      const locator = new ChunkLocator(texts);
      const chunks: LocatedChunk[] = [];
      await splitTexts(texts, { ...task.options, limits }, (from, text) => chunks.push(locator.locate(from, text)));
      // Only the chunks not found in their document carry their text across.
      const weigh = (chunk: LocatedChunk) => (chunk.start < 0 ? chunk.text.length : 0) + 64;
      for (const batch of batchesOf(chunks, weigh)) await emit([packChunks(batch)]);
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
