/**
 * Loopback ports and credentials shared by the server under test and the peers. The ports
 * sit at fixed offsets from `E2E_PORT_BASE` (default 3100), so two checkouts can run their
 * browser suites side by side on one machine.
 */
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
export const APP_PORT = PORT_BASE;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const SMTP_PORT = PORT_BASE + 1425;
export const OIDC_PORT = PORT_BASE + 1426;
/** The OpenAI-compatible peer the server's OPENAI_BASE_URL points at (templates use provider OpenAI). */
export const OPENAI_PORT = PORT_BASE + 1427;
export const OPENAI_BASE_URL = `http://127.0.0.1:${OPENAI_PORT}/v1`;
/** A second server for tests that kill or restart one (crash recovery). */
export const SPARE_APP_PORT = PORT_BASE + 7;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT_ID = 'weft-e2e';
export const OIDC_CLIENT_SECRET = 'weft-e2e-secret-value-that-is-long-enough';
