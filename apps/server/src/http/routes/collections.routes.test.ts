import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type SignedIn, signUp, useTestWeft } from '../../test-support/test-weft.js';

/** Collections in Settings: listed and deleted by their owner only. */
describeEachDatabase('collections routes', (database) => {
  const weft = useTestWeft(database);
  let owner: SignedIn;
  let stranger: SignedIn;

  /** Stores chunks the way Embed & Store does, keyword-only so no model is needed. */
  const storeChunks = (user: SignedIn, collection: string, texts: string[]) =>
    weft()
      .services.vectors.forUser(user.userId)
      .store({
        collection,
        embedding: null,
        chunks: texts.map((text) => ({ text, metadata: { source: 'notes.md' } })),
        mode: 'replace',
        embed: async () => [],
        signal: new AbortController().signal,
      });
  const list = (user: SignedIn) => weft().app.inject({ method: 'GET', url: '/api/collections', headers: user.headers });
  const remove = (user: SignedIn, id: string) => weft().app.inject({ method: 'DELETE', url: `/api/collections/${id}`, headers: user.headers });

  beforeAll(async () => {
    owner = await signUp(weft());
    stranger = await signUp(weft());
    await storeChunks(owner, 'notes', ['First note.', 'Second note.']);
    await storeChunks(owner, 'archive', ['Old note.']);
  });

  it('lists the caller’s collections by name with chunk count, model, dimensions, size and times', async () => {
    const res = await list(owner);
    expect(res.statusCode).toBe(200);
    const { collections } = res.json();
    expect(collections.map((c: { name: string }) => c.name)).toEqual(['archive', 'notes']);
    const notes = collections[1];
    expect(notes).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'notes',
      chunks: 2,
      provider: 'none',
      model: null,
      dimensions: 0,
      sizeBytes: 'First note.'.length + 'Second note.'.length + 2 * JSON.stringify({ source: 'notes.md' }).length,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Date.parse(notes.updatedAt)).toBeGreaterThanOrEqual(Date.parse(notes.createdAt));
  });

  it('shows another user nothing and answers 404 to their delete', async () => {
    expect((await list(stranger)).json()).toEqual({ collections: [] });
    const [archive] = (await list(owner)).json().collections;
    const res = await remove(stranger, archive.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Collection not found');
    expect((await list(owner)).json().collections).toHaveLength(2);
  });

  it('deletes the owner’s collection with its chunks; a second delete is 404', async () => {
    const [archive] = (await list(owner)).json().collections;
    expect((await remove(owner, archive.id)).statusCode).toBe(204);
    expect((await list(owner)).json().collections.map((c: { name: string }) => c.name)).toEqual(['notes']);
    const chunks = await weft().services.db.selectFrom('vector_chunks').select('id').where('collection_id', '=', archive.id).execute();
    expect(chunks).toEqual([]);
    expect((await remove(owner, archive.id)).statusCode).toBe(404);
  });

  it('needs a signed-in caller', async () => {
    expect((await weft().app.inject({ method: 'GET', url: '/api/collections' })).statusCode).toBe(401);
    expect((await weft().app.inject({ method: 'DELETE', url: '/api/collections/x' })).statusCode).toBe(401);
  });
});
