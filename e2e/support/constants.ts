/** Fixed loopback ports and credentials shared by the server under test and the peers. */
export const APP_PORT = 3100;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const SMTP_PORT = 4525;
export const OIDC_PORT = 4526;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT_ID = 'weft-e2e';
export const OIDC_CLIENT_SECRET = 'weft-e2e-secret-value-that-is-long-enough';
