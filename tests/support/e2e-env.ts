/** Ports and data folder of the end-to-end stack, away from a developer's `npm start`. */
export const E2E_ENV = {
  DATA_DIR: '.data-e2e',
  PORT: '34173',
  API_PORT: '34180',
  IDENTITY_PORT: '39229',
  EMULATOR_PORT: '39230',
} as const;

export const E2E_BASE_URL = `http://localhost:${E2E_ENV.PORT}`;
