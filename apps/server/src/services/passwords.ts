import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library's defaults (19 MiB, 2 passes), OWASP's recommended floor. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to verify against when the account does not exist, so a wrong e-mail
// costs the same time as a wrong password and timing does not reveal accounts.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('weft-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
