import type { DocumentValue } from '@weft/core';

/** Hand documents on once about this many characters of them wait: two or three messages on a content worker's channel. */
const HAND_ON_CHARS = 64 * 1024;
/** …or once this many wait, however short. */
const HAND_ON_COUNT = 2000;

/** Receives a parse's documents while it goes on, in order (content-tasks.ts sends them to the server). */
export type DocumentReceiver = (documents: readonly DocumentValue[]) => Promise<void>;

/**
 * A loader's documents as it makes them. In a content worker the documents made so far
 * are handed on to the server while the loader reads on, so the channel and the server's
 * reading overlap the parse instead of following it (bench:ingest's worker hop). Loaders
 * of many documents (CSV, JSON lists, Excel rows) `push` each and await `handOn()` when
 * `due`; what they return is `documents`, of which everything handed on is the start, in
 * order. Without a receiver (a parse in process) nothing is handed on and `due` is never true.
 */
export class DocumentOutlet {
  readonly documents: DocumentValue[] = [];
  private handed = 0;
  private waitingChars = 0;

  constructor(private readonly receiver?: DocumentReceiver) {}

  push(document: DocumentValue): void {
    this.documents.push(document);
    this.waitingChars += document.text.length;
  }

  get due(): boolean {
    return this.receiver !== undefined && (this.waitingChars >= HAND_ON_CHARS || this.documents.length - this.handed >= HAND_ON_COUNT);
  }

  /** Hands on the documents made since the last time, if any. */
  async handOn(): Promise<void> {
    if (!this.receiver || this.handed === this.documents.length) return;
    const from = this.handed;
    this.handed = this.documents.length;
    this.waitingChars = 0;
    await this.receiver(this.documents.slice(from));
  }
}
