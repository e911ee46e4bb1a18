/**
 * Ports, data and build folders of the end-to-end stack, away from a
 * developer's `npm start`. E2E_PORT moves the whole set (ports derive from it),
 * so two runs can share a machine. Every port of the set (up to E2E_PORT +
 * 5121) stays below 32768, where Linux starts handing out the local ports of
 * outgoing connections: a stack listening among those can find its port
 * taken by a connection of the moment, and fail to start.
 */
const base = Number(process.env.E2E_PORT || 14173);

export const E2E_ENV = {
  DATA_DIR: process.env.E2E_DATA_DIR || `.data-e2e-${base}`,
  BUILD_DIR: process.env.BUILD_DIR || 'dist',
  PORT: String(base),
  API_PORT: String(base + 7),
  IDENTITY_PORT: String(base + 5056),
} as const;

export const E2E_BASE_URL = `http://localhost:${E2E_ENV.PORT}`;
