import { badRequest } from './http-error.js';

/** Where a list page ends: its last row's creation time and id (the list's order). */
export interface ListPlace {
  createdAt: string;
  id: string;
}

/** A list cursor: the last row's place, opaque to clients. */
export function encodeListCursor(place: ListPlace): string {
  return Buffer.from(`${place.createdAt}|${place.id}`).toString('base64url');
}

/**
 * The place a cursor this server gave out stands for; anything else is a 400 that says
 * where a good one comes from (`hint`), named by the query field it came in.
 */
export function decodeListCursor(cursor: string, field: string, hint: string): ListPlace {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!createdAt || !id || extra !== undefined || Number.isNaN(Date.parse(createdAt))) {
    throw badRequest(`${field}: not a cursor this server gave out. ${hint}`, 'invalid_input');
  }
  return { createdAt, id };
}
