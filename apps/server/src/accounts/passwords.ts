/**
 * The native Argon2 binding, loaded at the first sign-up or sign-in rather than at start:
 * 5 MiB a restarted instance serving webhooks and the API by key never needs (bench/README.md,
 * Cold start).
 */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
};

/** Argon2id with the library's defaults (19 MiB, 2 passes), OWASP's recommended floor. */
export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // Outside the try: a binding that cannot load is a broken install, not a wrong password.
  const { verify } = await loadArgon2();
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
  dummyHash ??= hashPassword('weft-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
