import { describeChunkIndexContract } from '../test-support/chunk-index-contract.js';

// The vector and the words live in the chunk row: a collection has no index objects of its own.
describeChunkIndexContract('PostgreSQL, exact search and tsvector', { database: 'postgres', objectsPerCollection: 0, indexObjects: async () => [] });
