// `node --import ./source-loader.mjs apps/server/src/cli.ts`: runs Weft from its sources (source-hooks.mjs).
import { register } from 'node:module';

register('./source-hooks.mjs', import.meta.url);
