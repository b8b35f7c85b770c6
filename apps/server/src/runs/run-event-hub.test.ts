import { describeRunEventHubContract } from '../test-support/run-event-hub-contract.js';
import { InProcessRunEventHub } from './run-event-hub.js';

describeRunEventHubContract('in process (embedded mode)', async () => ({
  hub: new InProcessRunEventHub(),
  ready: async () => {},
  close: async () => {},
}));
