/** What the API suite's global setup hands to the test files (through vitest's provide/inject). */
export interface ApiTestStack {
  /** The API's base, ending in /api/v1 (the front's, when several API processes serve). */
  apiUrl: string;
  /** Each API process's own base, ending in /api/v1 (one, unless the project runs several). */
  instanceUrls: string[];
  /** The identity proxy, where tests sign in. */
  identityUrl: string;
  issuer: string;
  jwksUrl: string;
  clientId: string;
  userPoolId: string;
  region: string;
  /** The identity emulator's data (its user store is read to learn a generated temporary password). */
  identityDir: string;
  /** Real PostgreSQL when the suite runs against one; the tests may read it (PGlite is the server's alone). */
  databaseUrl: string | null;
  /** The local inbox's web address (MailDev's REST API at /api/email). */
  mailUrl: string;
  /** How many generated clients (client-0001@thrive.test ...) were seeded besides the demo accounts. */
  generatedClients: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiStack: ApiTestStack;
  }
}
