import { useQueryClient } from '@tanstack/react-query';
import type { FileList, FileSummary } from '@weft/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { uploadFile } from '../../api/useFiles';
import { errorMessage } from '../../lib/api';
import { uploadProblem } from './upload-rules';

/** An upload under way: which file and how far. */
export interface UploadProgress {
  name: string;
  sent: number;
  total: number;
}

export interface Uploader {
  /** Checks the file, sends it, adds it to the files list; resolves with it, or null when refused, failed or cancelled. */
  upload(file: File): Promise<FileSummary | null>;
  cancel(): void;
  progress: UploadProgress | null;
  /** Why the last upload did not happen, for an inline message; cleared by the next one. */
  error: string | null;
  clearError(): void;
}

/**
 * Uploads one file at a time with progress, for the file field and Settings → Files.
 * `accept` narrows the types (a field's list); `maxBytes` is the server's limit from the
 * files list, checked before sending so a large file is refused at once.
 */
export function useUpload(rules: { accept?: string; maxBytes?: number }): Uploader {
  const { accept, maxBytes } = rules;
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the page (closing the node panel) stops an upload nobody would see finish.
  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(
    async (file: File): Promise<FileSummary | null> => {
      const problem = uploadProblem(file, { accept, maxBytes });
      setError(problem);
      if (problem) return null;
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setProgress({ name: file.name, sent: 0, total: file.size });
      try {
        const stored = await uploadFile(file, {
          signal: current.signal,
          onProgress: (sent, total) => setProgress({ name: file.name, sent, total }),
        });
        queryClient.setQueryData<FileList>(queryKeys.files, (list) => list && { ...list, files: [stored, ...list.files.filter((f) => f.id !== stored.id)] });
        void queryClient.invalidateQueries({ queryKey: queryKeys.files });
        void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
        return stored;
      } catch (caught) {
        if (!(caught instanceof DOMException && caught.name === 'AbortError')) setError(errorMessage(caught, `“${file.name}” could not be uploaded.`));
        return null;
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setProgress(null);
        }
      }
    },
    [queryClient, accept, maxBytes],
  );

  return {
    upload,
    cancel: () => controller.current?.abort(),
    progress,
    error,
    clearError: () => setError(null),
  };
}
