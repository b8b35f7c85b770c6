import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { describeRunEventHubContract } from '../test-support/run-event-hub-contract.js';
import { TEST_REDIS_URL } from '../test-support/scale-out-weft.js';
import { RedisNames } from './redis-names.js';
import { RedisRunEvents } from './redis-run-events.js';

// The shared Redis, under a prefix of this test's own; its keys expire by themselves
// (the hub sets TTLs) and the suite deletes what it wrote.
describeRunEventHubContract('Redis (scale-out mode)', async () => {
  const prefix = `weft-hub-test-${randomUUID()}`;
  const commands = new Redis(TEST_REDIS_URL);
  const subscriber = new Redis(TEST_REDIS_URL);
  const hub = new RedisRunEvents(commands, subscriber, new RedisNames(prefix), pino({ level: 'silent' }));
  return {
    hub,
    ready: (executionId) => hub.subscribed(executionId),
    close: async () => {
      await hub.close();
      const keys = await commands.keys(`${prefix}:*`);
      if (keys.length > 0) await commands.del(...keys);
      await Promise.all([commands.quit(), subscriber.quit()]);
    },
  };
});
