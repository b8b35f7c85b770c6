import { useWorkspaces } from '../api/useWorkspaces';
import { useWorkspaceStore } from '../stores/workspace.store';
import { OptionList, SelectControl } from './ui/SelectControl';

/** The top bar's choice of workspace, shown once the user is in more than one. */
export function WorkspaceSwitcher() {
  const { data: workspaces } = useWorkspaces();
  const currentId = useWorkspaceStore((s) => s.currentId);
  const select = useWorkspaceStore((s) => s.select);
  if (!workspaces || workspaces.length < 2) return null;
  // A workspace left or deleted since it was chosen falls back to the first (the personal one).
  const current = workspaces.find((w) => w.id === currentId) ?? workspaces[0];
  return (
    <SelectControl
      aria-label="Workspace"
      className="w-40 max-w-[40vw]"
      value={current?.id}
      onChange={(e) => select(e.target.value)}
      data-testid="workspace-switcher"
    >
      <OptionList options={workspaces.map((w) => ({ value: w.id, label: w.name }))} />
    </SelectControl>
  );
}
