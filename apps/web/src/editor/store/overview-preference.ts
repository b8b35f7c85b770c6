import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/**
 * Whether the user wants the overview map (issue 22: hidden, it stays hidden, also after a
 * reload or in the next workflow). Only "hidden" is stored; anything else is the default,
 * shown. A preference about the screen, not personal data, so sign-out leaves it.
 */
export function readOverviewShown(): boolean {
  return readStorage(STORAGE_KEYS.overviewMap) !== 'hidden';
}

export function writeOverviewShown(shown: boolean): void {
  writeStorage(STORAGE_KEYS.overviewMap, shown ? null : 'hidden');
}
