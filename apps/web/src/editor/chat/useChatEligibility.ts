import { useEditorStore } from '../store/editor.store';
import { type ChatEligibility, chatEligibility } from './chat-eligibility';

let last: ChatEligibility | null = null;

/** The previous answer when this one says the same, so a node drag does not re-render the chat. */
function stable(next: ChatEligibility): ChatEligibility {
  if (last && JSON.stringify(last) === JSON.stringify(next)) return last;
  last = next;
  return next;
}

/** Whether the open workflow can be chatted with, kept up to date as it is edited. */
export function useChatEligibility(): ChatEligibility {
  return useEditorStore((s) => stable(chatEligibility(s.nodes, s.edges, s.definitionsByType)));
}
