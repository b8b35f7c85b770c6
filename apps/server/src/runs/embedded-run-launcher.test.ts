import { startEmbeddedRunBackend } from '../test-support/embedded-run-backend.js';
import { describeRunBackendContract } from '../test-support/run-backend-contract.js';

describeRunBackendContract('embedded, SQLite', (setup) => startEmbeddedRunBackend('sqlite', setup));
describeRunBackendContract('embedded, PostgreSQL', (setup) => startEmbeddedRunBackend('postgres', setup));
