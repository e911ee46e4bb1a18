/** Which identity service the API trusts and administers (Amazon Cognito, or the local one). */
export interface IdentityServiceConfig {
  /** The exact `iss` every access token must carry. */
  issuer: string;
  jwksUrl: string;
  clientId: string;
  userPoolId: string;
  region: string;
  /** The identity service's endpoint when it is not AWS itself (the local proxy). */
  endpoint: string | undefined;
  /** The local identity service's admin secret (its admin calls are signed with it); AWS uses IAM instead. */
  localAdminSecret: string | undefined;
}
