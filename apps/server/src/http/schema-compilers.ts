import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Fastify's own schema compilers (Ajv, fast-json-stringify), loaded when a route first
 * declares a JSON schema rather than at every start. Weft validates with zod (validate.ts)
 * and declares none, and building them cost 2.5 MiB and 30 ms of CPU at start
 * (bench/README.md, Cold start). They are fastify's dependencies, so they are found from
 * fastify's folder, in the versions it was tested with.
 *
 * One difference from fastify's default: a compiler given here counts as custom, and
 * fastify then passes a `headers` schema to it as written instead of lower-casing its
 * property names first; write header names in lower case in any such schema.
 */
export function lazySchemaCompilers(): CompilersFactory {
  const fromFastify = (name: string) => createRequire(createRequire(import.meta.url).resolve('fastify'))(name);
  return {
    buildValidator: onFirstCall(() => fromFastify('@fastify/ajv-compiler')() as NonNullable<CompilersFactory['buildValidator']>),
    buildSerializer: onFirstCall(() => fromFastify('@fastify/fast-json-stringify-compiler')() as NonNullable<CompilersFactory['buildSerializer']>),
  };
}

/** A function that is made by `load` when it is first called. */
function onFirstCall<F extends (...args: never[]) => unknown>(load: () => F): F {
  let loaded: F | undefined;
  return ((...args: Parameters<F>) => {
    loaded ??= load();
    return loaded(...args);
  }) as F;
}
