import type { FileList } from '@weft/core';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition } from '../../files/content-disposition.js';
import { type FilesService, tooLargeMessage, type UploadProblem } from '../../files/files.service.js';
import { requireCaller } from '../caller-auth.js';
import { HttpError, notFound } from '../http-error.js';
import { parseInput } from '../validate.js';

export interface FilesRoutesDeps {
  files: FilesService;
}

const idParams = z.object({ id: z.string().min(1).max(100) });
const uploadQuery = z.object({ name: z.string().max(2000).optional() });

export const FILE_NOT_FOUND = 'File not found';

const STATUS: Readonly<Record<UploadProblem, number>> = {
  invalid_name: 400,
  empty: 400,
  invalid_json: 400,
  too_complex: 422,
  too_large: 413,
  // The body does not fit what is left of the quota: the same status as a file over the size limit.
  over_quota: 413,
  unsupported_type: 415,
  type_mismatch: 415,
  not_utf8: 415,
};

const RAW_BYTES_MESSAGE =
  'Send the file as the raw request body with Content-Type: application/octet-stream and its name in ?name= (or an X-File-Name header), not as a form.';

/** The name from `?name=`, else from `X-File-Name` (percent-encoded UTF-8, as headers are ASCII). */
function uploadName(request: FastifyRequest): string | undefined {
  const { name } = parseInput(uploadQuery, request.query);
  if (name !== undefined) return name;
  const header = request.headers['x-file-name'];
  if (typeof header !== 'string') return undefined;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/**
 * Uploads, own only (docs/API.md "Files"); signed in or with an API key, so a script can
 * upload a file and then run a workflow that reads it. Another user's file answers 404.
 * Downloads are attachments of a type no browser renders, never shown inline.
 */
export function filesRoutes(app: FastifyInstance, deps: FilesRoutesDeps): void {
  const { files } = deps;

  app.get('/api/files', async (request): Promise<FileList> => {
    const { user } = requireCaller(request, { allowApiKey: true });
    return { files: await files.list(user.id), maxBytes: files.maxBytes };
  });

  app.get('/api/files/:id', async (request) => {
    const { user } = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    const file = await files.get(user.id, id);
    if (!file) throw notFound(FILE_NOT_FOUND);
    return { file };
  });

  app.get('/api/files/:id/content', async (request, reply) => {
    const { user } = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    const file = await files.content(user.id, id);
    if (!file) throw notFound(FILE_NOT_FOUND);
    return (
      reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        // Opened directly anyway (an old browser, a proxy that drops the disposition), it runs nothing.
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength))
    );
  });

  app.delete('/api/files/:id', async (request, reply) => {
    const { user } = requireCaller(request, { allowApiKey: true });
    const { id } = parseInput(idParams, request.params);
    if (!(await files.delete(user.id, id))) throw notFound(FILE_NOT_FOUND);
    return reply.code(204).send();
  });

  // Its own scope: the body is the file's raw bytes, up to the upload limit (the rest of the
  // API keeps its small JSON limits). The body guard has checked the caller before this reads.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: files.maxBytes }, (_request, body, done) => done(null, body));
    // Fastify's own answers for these say too little; anything else goes to the app's handler.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, tooLargeMessage(files.maxBytes), 'file_too_large');
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new HttpError(415, RAW_BYTES_MESSAGE, 'unsupported_media_type');
      throw error;
    });

    scope.post(
      '/api/files',
      {
        bodyLimit: files.maxBytes,
        // A declared length over the limit, or over what is left of the quota, is refused before a byte is read.
        preParsing: async (request) => {
          const length = Number(request.headers['content-length']);
          if (length > files.maxBytes) throw new HttpError(413, tooLargeMessage(files.maxBytes), 'file_too_large');
          const overQuota = length > 0 ? await files.overQuota(requireCaller(request, { allowApiKey: true }).user.id, length) : undefined;
          if (overQuota) throw new HttpError(413, overQuota, 'over_quota');
        },
      },
      async (request, reply) => {
        const { user } = requireCaller(request, { allowApiKey: true });
        const body = request.body;
        const bytes = Buffer.isBuffer(body) ? body : new Uint8Array(0);
        const result = await files.upload(user.id, uploadName(request), bytes);
        if (!result.ok) throw new HttpError(STATUS[result.problem], result.message, result.problem === 'too_large' ? 'file_too_large' : result.problem);
        return reply.code(201).send({ file: result.file });
      },
    );
  });
}
