import { describeRunBackendContract } from '../test-support/run-backend-contract.js';
import { startScaleOutRunBackend } from '../test-support/scale-out-weft.js';

describeRunBackendContract('scale-out, BullMQ and Redis', startScaleOutRunBackend);
