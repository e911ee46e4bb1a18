/**
 * Sign-in for Thrive on Amazon Cognito: the user pool to the spec's password
 * policy (8 characters with lower and upper case, numbers and symbols), no
 * self sign-up and no self-service reset (people who forget their password
 * contact the clinic), `custom:role` that only administrators write, e-mails
 * through SES and SMS codes through SNS, and the app's client: SRP, no secret.
 *
 * The API reads the caller's role from the ACCESS token (server/auth), and
 * Cognito puts custom attributes only into the ID token: production Cognito
 * needs the pre-token-generation trigger (V2, which needs the Essentials
 * feature plan) below, which adds `custom:role` to every access token, as the
 * local identity service does. The same trigger refuses tokens to staff
 * without an authenticator app: MFA is required for everyone in the pool
 * (Cognito cannot require it per role; a client may use an SMS code), and
 * staff must use TOTP.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { ACCESS_TOKEN_LIFETIME_SECONDS, CLIENT_SESSION_LIMIT_SECONDS, ROLES } from '@contract';

/** Every role but a client's is staff: an authenticator app is required to sign in. */
export const STAFF_ROLES: readonly string[] = ROLES.filter((role) => role !== 'CLIENT');

/**
 * The trigger's code (Node.js 22, whose runtime carries the AWS SDK v3). It adds the role to the access token,
 * and refuses a staff member whose account has no authenticator app (SOFTWARE_TOKEN_MFA) enabled.
 */
const PRE_TOKEN_GENERATION = `
const { CognitoIdentityProviderClient, AdminGetUserCommand } = require('@aws-sdk/client-cognito-identity-provider');
const client = new CognitoIdentityProviderClient({});
const STAFF = new Set(JSON.parse(process.env.STAFF_ROLES));
exports.handler = async (event) => {
  const role = event.request.userAttributes['custom:role'];
  if (STAFF.has(role)) {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: event.userPoolId, Username: event.userName }));
    if (!(user.UserMFASettingList || []).includes('SOFTWARE_TOKEN_MFA')) {
      throw new Error('Staff sign in with an authenticator app: set one up at sign-in.');
    }
  }
  event.response = {
    claimsAndScopeOverrideDetails: {
      accessTokenGeneration: { claimsToAddOrOverride: role ? { 'custom:role': role } : {} },
    },
  };
  return event;
};
`;

export interface IdentityProps {
  /** The address Cognito's e-mails come from: an SES identity the stack creates (verify it once). */
  senderEmail: string;
}

export class Identity extends Construct {
  readonly userPool: cognito.UserPool;
  readonly appClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: IdentityProps) {
    super(scope, id);
    const sender = new ses.EmailIdentity(this, 'Sender', { identity: ses.Identity.email(props.senderEmail) });

    this.userPool = new cognito.UserPool(this, 'Users', {
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      accountRecovery: cognito.AccountRecovery.NONE,
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      mfa: cognito.Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: true, email: false },
      customAttributes: { role: new cognito.StringAttribute({ minLen: 1, maxLen: 32, mutable: true }) },
      email: cognito.UserPoolEmail.withSES({ fromEmail: props.senderEmail, fromName: 'Thrive' }),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.userPool.node.addDependency(sender);

    const trigger = new lambda.Function(this, 'PreTokenGeneration', {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline(PRE_TOKEN_GENERATION),
      timeout: Duration.seconds(5),
      environment: { STAFF_ROLES: JSON.stringify(STAFF_ROLES) },
      logGroup: new logs.LogGroup(this, 'PreTokenGenerationLog', { retention: logs.RetentionDays.ONE_MONTH }),
    });
    // The pool's ARN would make the pool and its trigger depend on each other: any pool of this account and
    // region, read-only.
    const { region, account } = Stack.of(this);
    trigger.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:AdminGetUser'],
        resources: [`arn:aws:cognito-idp:${region}:${account}:userpool/*`],
      }),
    );
    this.userPool.addTrigger(
      cognito.UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG,
      trigger,
      cognito.LambdaVersion.V2_0,
    );

    const standard = { email: true, givenName: true, familyName: true, phoneNumber: true };
    this.appClient = this.userPool.addClient('App', {
      generateSecret: false,
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      // The session's rules (openapi/access/sessions.ts): the API also ends staff sessions 12 hours from sign-in.
      accessTokenValidity: Duration.seconds(ACCESS_TOKEN_LIFETIME_SECONDS),
      idTokenValidity: Duration.seconds(ACCESS_TOKEN_LIFETIME_SECONDS),
      refreshTokenValidity: Duration.seconds(CLIENT_SESSION_LIMIT_SECONDS),
      readAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ ...standard, emailVerified: true, phoneNumberVerified: true })
        .withCustomAttributes('role'),
      // Never `custom:role`: the API decides access from its own records, and a person must not change their role.
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes(standard),
    });
  }

  /** What the API's identity client may do as an administrator of this pool (server/identity). */
  grantAdministration(grantee: iam.IGrantable): void {
    this.userPool.grant(
      grantee,
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
    );
  }
}
