import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';

interface WorkspaceState {
  /** The workspace chosen in the top bar's switcher; null: the personal one. Kept across visits. */
  currentId: string | null;
  select(workspaceId: string): void;
}

/** Which workspace the user works in (issue 25); the switcher sets it. */
export const useWorkspaceStore = create<WorkspaceState>((set) => ({
  currentId: readStorage(STORAGE_KEYS.workspace),
  select(workspaceId) {
    writeStorage(STORAGE_KEYS.workspace, workspaceId);
    set({ currentId: workspaceId });
  },
}));
