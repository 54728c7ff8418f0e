/** The web client's own OAuth client (seeded on the server) and request defaults (spec 1 §9). */
export const CLIENT_ID = 'swp_web';
export const CLIENT_SECRET = 'swp_web_secret';
export const DEFAULT_TENANT = '000000';
export const REQUEST_TIMEOUT_MS = 30_000;
export const basicAuth = () => `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`;
