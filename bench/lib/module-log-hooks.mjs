/**
 * Module hooks (node:module register) for start-modules.mjs: every ES module the process
 * resolves is appended to the file named by WEFT_MODULE_LOG. The hooks run on a thread of
 * their own, so they write the file rather than keep a list.
 */
import fs from 'node:fs';

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.startsWith('file:')) fs.appendFileSync(process.env.WEFT_MODULE_LOG, `${result.url}\n`);
  return result;
}
