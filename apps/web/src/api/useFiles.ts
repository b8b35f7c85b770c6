import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileList, FileSummary } from '@weft/core';
import { api, errorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { USAGE_QUERY_KEY } from '../settings/useUsage';

export const FILES_QUERY_KEY = ['files'] as const;

/** GET /api/files and DELETE /api/files/:id (docs/API.md "Files"), shared by Settings and the editor's file field. */
export function useFiles() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: FILES_QUERY_KEY,
    queryFn: ({ signal }) => api<FileList>('/api/files', { signal }),
    staleTime: 15_000,
  });
  const remove = useMutation({
    mutationFn: (file: FileSummary) => api(`/api/files/${encodeURIComponent(file.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, file) => {
      queryClient.setQueryData<FileList>(FILES_QUERY_KEY, (list) => list && { ...list, files: list.files.filter((f) => f.id !== file.id) });
      toast.success(`“${file.name}” deleted`);
      void queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY });
    },
    onError: (error) => {
      toast.error(errorMessage(error, 'Could not delete the file.'));
      void queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY });
    },
  });
  return { query, remove };
}

/** Where a file downloads from (an attachment: the browser saves it, never shows it). */
export function fileDownloadUrl(file: Pick<FileSummary, 'id'>): string {
  return `/api/files/${encodeURIComponent(file.id)}/content`;
}
