import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import type { ChunkValue, DocumentValue } from '@weft/core';
import type { SplitOptions } from '@weft/nodes';
import { type ContentLimits, DEFAULT_CONTENT_LIMITS, TextBudget } from '../content-work/content-limits.js';
import { checkSplitOptions, splitSubject } from './split-options.js';
import { Yielder } from './yielder.js';

/**
 * Stands in for the space after a sentence's end while splitting, so the splitter can cut
 * there and keep the full stop with its sentence (its separators are plain strings, and it
 * would otherwise carry ". " over to the start of the next chunk). U+2029 is trimmed like
 * a space at a chunk's ends and turned back into a space inside one.
 */
const SENTENCE_BREAK = '\u2029';
const SENTENCE_END = /([.!?…]["'”’)\]]?) (?=\S)/g;

/** Where each choice prefers to cut, best first; the last resort is between characters. */
const SEPARATORS: Readonly<Record<SplitOptions['splitOn'], readonly string[]>> = {
  paragraphs: ['\n\n', '\n', SENTENCE_BREAK, ' ', ''],
  // Sentences before line breaks: text from PDFs breaks lines in mid-sentence.
  sentences: [SENTENCE_BREAK, '\n\n', '\n', ' ', ''],
  characters: [''],
};

/**
 * Documents into chunks with LangChain's recursive character splitter: each chunk at most
 * `chunkSize` characters, cut at the best boundary that fits, with up to `chunkOverlap`
 * characters of the previous chunk repeated at its start. A chunk keeps its document's
 * metadata and gets `chunk`, its position in the list (as core's Split Documents numbers it).
 */
export async function splitDocuments(documents: readonly DocumentValue[], options: SplitOptions & { readonly limits?: ContentLimits }): Promise<ChunkValue[]> {
  const chunks: ChunkValue[] = [];
  await splitTexts(
    documents.map((document) => document.text),
    documents.length,
    options,
    (index, text) => {
      chunks.push({ text, metadata: { ...documents[index]?.metadata, chunk: chunks.length } });
    },
  );
  return chunks;
}

/**
 * The split itself, on texts alone: `each` gets every chunk in order with the index of the
 * text it came from and that text. A content worker needs no metadata to split, so only
 * texts cross to it and chunks' places come back (the server puts each chunk together from
 * its own documents); it splits the first texts while the server still sends the rest, so
 * the texts may come as they arrive, `count` of them, and `each` may hold the split up
 * while its results are sent. The chunks' text counts against the character limit: overlap
 * repeats text, up to `chunkSize` times over, so the output can be far longer than the input.
 */
export async function splitTexts(
  texts: Iterable<string> | AsyncIterable<string>,
  count: number,
  options: SplitOptions & { readonly limits?: ContentLimits },
  each: (index: number, text: string, source: string) => void | Promise<void>,
): Promise<void> {
  checkSplitOptions(options);
  const budget = new TextBudget(splitSubject(count), options.limits ?? DEFAULT_CONTENT_LIMITS, 'the chunks come to more than');
  const splitter = new RecursiveCharacterTextSplitter({
    chunkSize: options.chunkSize,
    chunkOverlap: options.chunkOverlap,
    separators: [...SEPARATORS[options.splitOn]],
  });
  const markSentences = options.splitOn !== 'characters';
  const yielder = new Yielder(options.signal);
  let index = 0;
  for await (const source of texts) {
    await yielder.turn();
    const text = markSentences ? source.replace(SENTENCE_END, `$1${SENTENCE_BREAK}`) : source;
    for (const piece of await splitter.splitText(text)) {
      const chunkText = markSentences ? piece.replaceAll(SENTENCE_BREAK, ' ') : piece;
      budget.add(chunkText.length);
      const sent = each(index, chunkText, source);
      if (sent) await sent;
    }
    index += 1;
  }
}
