import type { DocumentValue } from '@weft/core';
import { Batcher, batchesOf, TextJoiner } from './content-batches.js';
import type { ContentLimits } from './content-limits.js';
import type { ContentTask } from './content-protocol.js';
import { checkJsonDepth } from './json-depth.js';
import { jsonPieces } from './json-pieces.js';
import { ChunkLocator, documentItems, type LocatedChunk, packChunks } from './packing.js';
import type { TaskInput } from './task-input.js';

/**
 * The most characters of a parse's texts a worker keeps for the split that follows (32 MB
 * at two bytes a character); a longer parse is sent back for its split, as before.
 */
export const MAX_HELD_CHARS = 16 * 1024 * 1024;

/** The texts of this worker's last parse with `keep`, while it holds them. */
let held: { readonly key: number; readonly texts: readonly string[] } | undefined;

function hold(key: number, documents: readonly DocumentValue[]): boolean {
  let chars = 0;
  for (const document of documents) chars += document.text.length;
  if (chars > MAX_HELD_CHARS) return false;
  held = { key, texts: documents.map((document) => document.text) };
  return true;
}

/** The kept texts a split names. The pool sends `held` only to the worker that kept them, so a miss is a bug. */
function heldTexts(wanted: { readonly key: number; readonly indexes: readonly number[] }): string[] {
  const kept = held;
  if (kept?.key !== wanted.key) throw new Error(`This content worker no longer holds documents ${wanted.key}.`);
  return wanted.indexes.map((index) => {
    const text = kept.texts[index];
    if (text === undefined) throw new Error(`Documents ${wanted.key} have no text ${index}.`);
    return text;
  });
}

/**
 * A task's work, in the worker process. Libraries are imported on first use, as in the
 * server before (a worker that only ever splits never loads PDF.js). Results go to `emit`
 * a message at a time (content-batches.ts sizes them); the return value is the task's
 * final result.
 */
export async function runContentTask(
  task: ContentTask,
  input: TaskInput,
  limits: ContentLimits,
  emit: (items: readonly unknown[]) => Promise<void>,
): Promise<unknown> {
  switch (task.kind) {
    case 'parse': {
      const { parseDocument } = await import('../documents/parse-document.js');
      const bytes = Buffer.concat((await input.all()) as Uint8Array[]);
      const file = { name: task.name, bytes, ...(task.mimeType === undefined ? {} : { mimeType: task.mimeType }) };
      // A parse to keep lets go of the last one kept before it reads, not after: one at a time in memory.
      if (task.keep !== undefined) held = undefined;
      // Loaders of many documents hand them on as they go (document-outlet.ts); the rest follow the parse.
      let handed = 0;
      const onDocuments = async (batch: readonly DocumentValue[]): Promise<void> => {
        handed += batch.length;
        for (const item of documentItems(batch)) await emit([item]);
      };
      const documents: DocumentValue[] = await parseDocument(file, { ...(task.sheet === undefined ? {} : { sheet: task.sheet }), limits, onDocuments });
      for (const item of documentItems(documents.slice(handed))) await emit([item]);
      return { kept: task.keep !== undefined && hold(task.keep, documents) };
    }
    case 'split': {
      const { splitTexts } = await import('../documents/split-documents.js');
      const locator = new ChunkLocator();
      // Only the chunks not found in their document carry their text across.
      const batcher = new Batcher<LocatedChunk>((chunk) => (chunk.start < 0 ? chunk.text.length : 0) + 64);
      const texts = task.held ? heldTexts(task.held) : TextJoiner.texts(input.items());
      // Chunks leave in batches while the split goes on, so the server reads them meanwhile.
      await splitTexts(texts, task.count, { ...task.options, limits }, (from, text, source) => {
        const closed = batcher.add(locator.locate(from, text, source));
        return closed ? emit([packChunks(closed)]) : undefined;
      });
      const rest = batcher.rest();
      if (rest) await emit([packChunks(rest)]);
      return undefined;
    }
    case 'mail-html': {
      const { cleanMailBody } = await import('../outbound/mail-content.js');
      return cleanMailBody(task.html, task.text, task.subject, limits);
    }
    case 'feed': {
      const { readFeed } = await import('../documents/loaders/feed-loader.js');
      const bytes = Buffer.concat((await input.all()) as Uint8Array[]);
      const file = { name: task.name, bytes, ...(task.mimeType === undefined ? {} : { mimeType: task.mimeType }) };
      const feed = await readFeed(file, { limits, text: task.text });
      for (const batch of batchesOf(feed.entries, (entry) => entry.title.length + entry.text.length + 128)) await emit(batch);
      return { title: feed.title };
    }
    case 'json': {
      const text = ((await input.all()) as string[]).join('');
      checkJsonDepth(text, task.subject, limits);
      const value: unknown = JSON.parse(text);
      if (task.keep) for (const batch of batchesOf([...jsonPieces(value)])) await emit(batch);
      return undefined;
    }
  }
}
