import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileList, FileSummary } from '@weft/core';
import { api, apiUpload, errorMessage, type UploadOptions } from '../lib/api';
import { toast } from '../stores/toast.store';
import { queryKeys } from './query-keys';

/** GET /api/files and DELETE /api/files/:id (docs/API.md "Files"), shared by Settings and the editor's file field. */
export function useFiles() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.files,
    queryFn: ({ signal }) => api<FileList>('/api/files', { signal }),
    staleTime: 15_000,
  });
  const remove = useMutation({
    mutationFn: (file: FileSummary) => api(`/api/files/${encodeURIComponent(file.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, file) => {
      queryClient.setQueryData<FileList>(queryKeys.files, (list) => list && { ...list, files: list.files.filter((f) => f.id !== file.id) });
      toast.success(`“${file.name}” deleted`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
    onError: (error) => {
      toast.error(errorMessage(error, 'Could not delete the file.'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.files });
    },
  });
  return { query, remove };
}

/** Where a file downloads from (an attachment: the browser saves it, never shows it). */
export function fileDownloadUrl(file: Pick<FileSummary, 'id'>): string {
  return `/api/files/${encodeURIComponent(file.id)}/content`;
}

/** POSTs one file's bytes (`POST /api/files?name=…`) with upload progress; the stored file's summary. */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<FileSummary> {
  return (await apiUpload<{ file: FileSummary }>(`/api/files?name=${encodeURIComponent(file.name)}`, file, options)).file;
}
