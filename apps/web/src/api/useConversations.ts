import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../lib/api';
import { toast } from '../stores/toast.store';
import { queryKeys } from './query-keys';
import { workflowPath } from './workflows';

/** A workflow's conversation as listed (docs/API.md "Agent memory"). */
export interface ConversationSummary {
  readonly sessionId: string;
  readonly turns: number;
  readonly firstAt: string;
  readonly lastAt: string;
  /** The first thing the user said in it; '' when not text. */
  readonly preview: string;
}

/** A remembered message, as the Agent keeps it (packages/nodes `LlmMessage`). */
export type RememberedMessage =
  | { readonly role: 'user'; readonly text: string }
  | { readonly role: 'assistant'; readonly text: string; readonly toolCalls: readonly { id: string; name: string; arguments: unknown }[] }
  | { readonly role: 'tool'; readonly results: readonly { callId: string; name: string; output: string; isError?: boolean }[] };

export interface ConversationTurn {
  readonly nodeId: string;
  readonly seq: number;
  readonly at: string;
  readonly messages: readonly RememberedMessage[];
}

const conversationsPath = (workflowId: string) => `${workflowPath(workflowId)}/conversations`;

/** GET /api/workflows/:id/conversations while `enabled` (the chat panel's list is open), asked again each time it opens. */
export function useConversations(workflowId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.conversations.list(workflowId ?? ''),
    queryFn: async ({ signal }) => (await api<{ conversations: ConversationSummary[] }>(conversationsPath(workflowId ?? ''), { signal })).conversations,
    enabled: enabled && workflowId !== null,
    refetchOnMount: 'always',
  });
}

/** GET /api/workflows/:id/conversations/:sessionId: one conversation's turns, fetched when the user opens it. */
export function useOpenConversation(workflowId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      const path = `${conversationsPath(workflowId ?? '')}/${encodeURIComponent(sessionId)}`;
      const key = queryKeys.conversations.one(workflowId ?? '', sessionId);
      return queryClient.fetchQuery({
        queryKey: key,
        queryFn: async ({ signal }) => (await api<{ conversation: { sessionId: string; turns: ConversationTurn[] } }>(path, { signal })).conversation,
        staleTime: 0,
      });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not open the conversation.')),
  });
}

/** DELETE /api/workflows/:id/conversations/:sessionId: the Agent forgets it; gone from the list once the server agrees. */
export function useDeleteConversation(workflowId: string | null) {
  const queryClient = useQueryClient();
  const key = queryKeys.conversations.list(workflowId ?? '');
  return useMutation({
    mutationFn: (sessionId: string) => api(`${conversationsPath(workflowId ?? '')}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, sessionId) => {
      queryClient.setQueryData<ConversationSummary[]>(key, (list) => list?.filter((c) => c.sessionId !== sessionId));
      queryClient.removeQueries({ queryKey: queryKeys.conversations.one(workflowId ?? '', sessionId) });
      toast.success('Conversation deleted: the agent has forgotten it.');
    },
    onError: (error) => {
      toast.error(errorMessage(error, 'Could not delete the conversation.'));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
