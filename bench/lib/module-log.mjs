/**
 * Preloaded with `node --import` by start-modules.mjs. ES modules are logged by the hooks;
 * CommonJS ones are in require's cache, written to the log when the process gets SIGUSR2.
 */
import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

register('./module-log-hooks.mjs', import.meta.url);
const { cache } = createRequire(import.meta.url);
process.on('SIGUSR2', () => {
  const files = Object.keys(cache).map((file) => pathToFileURL(file).href);
  fs.appendFileSync(process.env.WEFT_MODULE_LOG, `${files.join('\n')}\n#done\n`);
});
