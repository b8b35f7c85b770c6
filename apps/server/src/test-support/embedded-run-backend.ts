import pino from 'pino';
import { createWeft, type Weft } from '../main.js';
import { abandonWeft, createWeftPlace, placeConfig, removeWeftPlace } from './restartable-weft.js';
import type { RunBackendSetup, RunBackendUnderTest } from './run-backend-contract.js';
import type { TestDatabase } from './test-weft.js';

/** Embedded mode for the run-backend contract: one server on `database`; its crash is a new server on the same data. */
export async function startEmbeddedRunBackend(database: TestDatabase, setup: RunBackendSetup): Promise<RunBackendUnderTest> {
  const place = await createWeftPlace(database);
  const start = () =>
    createWeft({
      config: placeConfig(place, setup.env),
      logger: pino({ level: 'silent' }),
      nodePackages: setup.nodePackages,
      ...(place.schema ? { pgSchema: place.schema } : {}),
    });
  let api: Weft = await start();
  return {
    get api() {
      return api;
    },
    async crashRunner() {
      await abandonWeft(api);
      // The next start recovers what the dead one left running.
      api = await start();
    },
    async close() {
      await api.close();
      removeWeftPlace(place);
    },
  };
}
