/**
 * The AWS stack's template as CloudFormation would receive it, checked for
 * what keeps patient data safe and the app working: sign-in to the spec's
 * rules with a role the app cannot write, a private bucket behind CloudFront
 * with the app's headers and caching rules, an API reachable only through
 * CloudFront, over TLS, checked for readiness, on an encrypted Multi-AZ
 * database with 14 days of backups whose password lives in Secrets Manager,
 * and the lab's reports in a bucket of their own under a KMS key of their own.
 * Synthesised offline (assets are not staged: nothing is built or copied).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, appSecurityHeaders } from '../front/headers.ts';
import { ORIGIN_VERIFY_HEADER } from './lib/api-service.ts';
import { STAFF_ROLES } from './lib/identity.ts';
import { ThriveStack, type ThriveDeployment } from './lib/thrive-stack.ts';

const DEPLOYMENT: ThriveDeployment = {
  region: 'ap-south-1',
  senderEmail: 'no-reply@clinic.example',
  apiDomainName: 'api-origin.clinic.example',
  apiCertificateArn: 'arn:aws:acm:ap-south-1:111122223333:certificate/11111111-2222-3333-4444-555555555555',
  smtpSecretArn: 'arn:aws:secretsmanager:ap-south-1:111122223333:secret:thrive/smtp-url-AbCdEf',
};

let outDir: string;
let buildDir: string;
let template: Template;

type Resource = { Properties: Record<string, unknown> };

/** The one resource of `type` (the test fails when there are more or none). */
function only(type: string): Resource {
  const found = Object.values(template.findResources(type)) as Resource[];
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'thrive-cdk-'));
  // A build as small as can be: the shell, one prerendered page, one hashed asset.
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'thrive-cdk-build-'));
  for (const file of ['index.html', 'login.html', 'locked-start.html']) {
    await writeFile(path.join(buildDir, file), '<!doctype html>');
  }
  const app = new App({ outdir: outDir, context: { 'aws:cdk:disable-asset-staging': true } });
  const stack = new ThriveStack(app, 'Thrive', {
    env: { region: DEPLOYMENT.region },
    deployment: DEPLOYMENT,
    sourceDir: path.resolve(import.meta.dirname, '..'),
    buildDir,
  });
  template = Template.fromStack(stack);
}, 120_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
});

describe('sign-in (Cognito)', () => {
  it('follows the spec: its password policy, no self sign-up or self-service reset, MFA, e-mail through SES', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] },
      MfaConfiguration: 'ON',
      EnabledMfas: Match.arrayWith(['SOFTWARE_TOKEN_MFA']),
      UserPoolTier: 'ESSENTIALS',
      Schema: Match.arrayWith([Match.objectLike({ Name: 'role', AttributeDataType: 'String', Mutable: true })]),
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER' }),
      SmsConfiguration: Match.objectLike({ SnsCallerArn: Match.anyValue() }),
    });
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: DEPLOYMENT.senderEmail });
    template.hasResourceProperties('AWS::IAM::Role', {
      Policies: [
        Match.objectLike({
          PolicyDocument: Match.objectLike({ Statement: [Match.objectLike({ Action: 'sns:Publish' })] }),
        }),
      ],
    });
  });

  it('gives the app an SRP client without a secret that cannot write custom:role', () => {
    const client = only('AWS::Cognito::UserPoolClient').Properties;
    expect(client.GenerateSecret).toBe(false);
    expect(client.ExplicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(client.ReadAttributes).toContain('custom:role');
    expect(client.WriteAttributes).not.toContain('custom:role');
    expect(client.WriteAttributes).toEqual(expect.arrayContaining(['email', 'given_name', 'family_name']));
  });

  it('puts the role into the access token and refuses staff without an authenticator app (trigger V2)', () => {
    const pool = only('AWS::Cognito::UserPool').Properties;
    expect(pool.LambdaConfig).toMatchObject({ PreTokenGenerationConfig: { LambdaVersion: 'V2_0' } });
    const triggers = Object.values(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Environment: { Variables: { STAFF_ROLES: Match.anyValue() } } },
      }),
    ) as Resource[];
    expect(triggers).toHaveLength(1);
    const trigger = triggers[0]!.Properties as {
      Code: { ZipFile: string };
      Environment: { Variables: Record<string, string> };
    };
    expect(trigger.Code.ZipFile).toContain("claimsToAddOrOverride: role ? { 'custom:role': role } : {}");
    expect(trigger.Code.ZipFile).toContain("includes('SOFTWARE_TOKEN_MFA')");
    expect(JSON.parse(trigger.Environment.Variables.STAFF_ROLES!)).toEqual(STAFF_ROLES);
    expect(STAFF_ROLES).not.toContain('CLIENT');
    expect(STAFF_ROLES).toEqual(expect.arrayContaining(['NURSE', 'DOCTOR', 'ADMIN', 'SUPER_ADMIN']));
  });
});

describe('the app (S3 and CloudFront)', () => {
  it('keeps the files in a private, encrypted bucket that refuses plain HTTP', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.objectLike({}),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      }),
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('serves every file with the app’s security headers: hashed assets for a year, the rest revalidated', () => {
    const csp = appSecurityHeaders({ VITE_COGNITO_REGION: DEPLOYMENT.region })['Content-Security-Policy'];
    expect(csp).toContain("connect-src 'self' https://cognito-idp.ap-south-1.amazonaws.com");
    for (const cacheControl of [CACHE_IMMUTABLE, CACHE_REVALIDATE]) {
      template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: Match.objectLike({
          SecurityHeadersConfig: Match.objectLike({
            ContentSecurityPolicy: { ContentSecurityPolicy: csp, Override: true },
            FrameOptions: { FrameOption: 'DENY', Override: true },
            ContentTypeOptions: { Override: true },
            ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
            StrictTransportSecurity: Match.objectLike({ Override: true }),
          }),
          CustomHeadersConfig: {
            // The app's own headers, in the order appSecurityHeaders writes them, then the caching rule.
            Items: Match.arrayWith([
              { Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true },
              Match.objectLike({ Header: 'Permissions-Policy' }),
              { Header: 'Cache-Control', Value: cacheControl, Override: true },
            ]),
          },
        }),
      });
    }
  });

  it('passes /api to the API over HTTPS uncached, and sends every viewer to HTTPS', () => {
    const config = only('AWS::CloudFront::Distribution').Properties.DistributionConfig as {
      DefaultCacheBehavior: { ViewerProtocolPolicy: string };
      CacheBehaviors: { PathPattern: string; ViewerProtocolPolicy: string; AllowedMethods?: string[] }[];
      Origins: {
        DomainName: unknown;
        CustomOriginConfig?: { OriginProtocolPolicy: string };
        OriginCustomHeaders?: { HeaderName: string }[];
      }[];
    };
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.CacheBehaviors.map((behavior) => behavior.PathPattern).sort()).toEqual(['/api/*', '/assets/*']);
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['POST', 'PATCH', 'DELETE']));
    const apiOrigin = config.Origins.find((origin) => origin.DomainName === DEPLOYMENT.apiDomainName)!;
    expect(apiOrigin.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
    expect(apiOrigin.OriginCustomHeaders?.map((header) => header.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
  });

  it('answers the app’s routes with their prerendered page or the shell, and files as they are', () => {
    // The function's own code, run as CloudFront runs it: a script that defines handler().
    const code = `${only('AWS::CloudFront::Function').Properties.FunctionCode as string}\nhandler;`;
    const handler = runInNewContext(code) as (event: { request: { uri: string } }) => { uri: string };
    const route = (uri: string) => handler({ request: { uri } }).uri;
    expect(route('/login')).toBe('/login.html');
    expect(route('/locked-start/')).toBe('/locked-start.html');
    expect(route('/client/discovery/5')).toBe('/index.html');
    expect(route('/')).toBe('/index.html');
    expect(route('/assets/index-Ab12.js')).toBe('/assets/index-Ab12.js');
    expect(route('/version.json')).toBe('/version.json');
  });
});

describe('the API (ECS Fargate behind a load balancer)', () => {
  it('runs two tasks at least, more on CPU, each migrating before it serves', () => {
    template.hasResourceProperties('AWS::ECS::Service', { DesiredCount: 2, LaunchType: 'FARGATE' });
    template.hasResourceProperties('AWS::ApplicationAutoScaling::ScalableTarget', { MinCapacity: 2 });
    template.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      TargetTrackingScalingPolicyConfiguration: Match.objectLike({
        PredefinedMetricSpecification: { PredefinedMetricType: 'ECSServiceAverageCPUUtilization' },
      }),
    });
    const containers = only('AWS::ECS::TaskDefinition').Properties.ContainerDefinitions as {
      Name: string;
      Command?: string[];
      DependsOn?: { ContainerName: string; Condition: string }[];
      Secrets?: { Name: string }[];
      Environment?: { Name: string; Value: unknown }[];
    }[];
    const migrate = containers.find((container) => container.Name === 'migrate')!;
    const api = containers.find((container) => container.Name === 'api')!;
    expect(migrate.Command).toEqual(['node', '--import', 'tsx', 'server/migrate.ts']);
    expect(api.DependsOn).toEqual([{ ContainerName: 'migrate', Condition: 'SUCCESS' }]);
    expect(migrate.Secrets?.map((secret) => secret.Name)).toEqual(['DATABASE_PASSWORD']);
    expect(api.Secrets?.map((secret) => secret.Name)).toEqual(['DATABASE_PASSWORD', 'SMTP_URL']);
    for (const container of [migrate, api]) {
      expect(container.Environment?.find((variable) => variable.Name === 'DATABASE_URL')?.Value).toMatchObject({
        'Fn::Join': ['', expect.arrayContaining([expect.stringContaining('sslmode=verify-full')])],
      });
    }
  });

  it('sends its messages: e-mail by the SMTP relay in the secret, text messages through SNS, links to the app', () => {
    const containers = only('AWS::ECS::TaskDefinition').Properties.ContainerDefinitions as {
      Name: string;
      Secrets?: { Name: string; ValueFrom: unknown }[];
      Environment?: { Name: string; Value: unknown }[];
    }[];
    const api = containers.find((container) => container.Name === 'api')!;
    const value = (name: string) => api.Environment?.find((variable) => variable.Name === name)?.Value;
    expect(api.Secrets?.find((secret) => secret.Name === 'SMTP_URL')?.ValueFrom).toBe(DEPLOYMENT.smtpSecretArn);
    expect(value('MAIL_FROM')).toBe(`Thrive <${DEPLOYMENT.senderEmail}>`);
    expect(value('SMS_PROVIDER')).toBe('sns');
    expect(value('SMS_REGION')).toBe(DEPLOYMENT.region);
    // No app domain of its own in this deployment: the links point at CloudFront's name.
    const distribution = Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    expect(value('APP_PUBLIC_URL')).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]],
    });
    const taskRole = (only('AWS::ECS::TaskDefinition').Properties.TaskRoleArn as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ][0];
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: taskRole }],
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Action: 'sns:Publish', Effect: 'Allow', Resource: '*' })]),
      }),
    });
  });

  it('checks each task’s readiness and answers only what came through CloudFront, over TLS', () => {
    template.hasResourceProperties('AWS::ElasticLoadBalancingV2::TargetGroup', {
      HealthCheckPath: '/api/v1/ready',
      Matcher: { HttpCode: '200' },
    });
    template.hasResourceProperties('AWS::ElasticLoadBalancingV2::Listener', {
      Protocol: 'HTTPS',
      Port: 443,
      Certificates: [{ CertificateArn: DEPLOYMENT.apiCertificateArn }],
      DefaultActions: [
        Match.objectLike({ Type: 'fixed-response', FixedResponseConfig: Match.objectLike({ StatusCode: '403' }) }),
      ],
    });
    template.hasResourceProperties('AWS::ElasticLoadBalancingV2::ListenerRule', {
      Conditions: [
        Match.objectLike({
          Field: 'http-header',
          HttpHeaderConfig: Match.objectLike({ HttpHeaderName: ORIGIN_VERIFY_HEADER }),
        }),
      ],
    });
  });
});

describe('the lab’s original reports (S3 under SSE-KMS)', () => {
  const reportsBucket = () => {
    const buckets = Object.entries(template.findResources('AWS::S3::Bucket')) as [string, Resource][];
    const found = buckets.filter(([, bucket]) =>
      JSON.stringify(bucket.Properties.BucketEncryption ?? {}).includes('aws:kms'),
    );
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it('keeps them in a private, versioned bucket encrypted under a KMS key of their own, rotated', () => {
    const [, bucket] = reportsBucket();
    const key = Object.keys(template.findResources('AWS::KMS::Key'));
    expect(key).toHaveLength(1);
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          {
            BucketKeyEnabled: true,
            ServerSideEncryptionByDefault: {
              SSEAlgorithm: 'aws:kms',
              KMSMasterKeyID: { 'Fn::GetAtt': [key[0], 'Arn'] },
            },
          },
        ],
      },
    });
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
  });

  it('refuses plain HTTP, old TLS, and any object not encrypted under KMS', () => {
    const [bucketId] = reportsBucket();
    const policy = Object.values(template.findResources('AWS::S3::BucketPolicy')).find(
      (resource) => JSON.stringify((resource as Resource).Properties.Bucket) === JSON.stringify({ Ref: bucketId }),
    ) as Resource;
    const statements = (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        expect.objectContaining({ Effect: 'Deny', Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } } }),
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:PutObject',
          Condition: { StringNotEquals: { 's3:x-amz-server-side-encryption': 'aws:kms' } },
        }),
      ]),
    );
  });

  it('lets the API’s tasks read and write them with the key, and tells the API where they are', () => {
    const [bucketId] = reportsBucket();
    const keyId = Object.keys(template.findResources('AWS::KMS::Key'))[0]!;
    const taskDefinition = only('AWS::ECS::TaskDefinition').Properties;
    const taskRole = (taskDefinition.TaskRoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify((policy as Resource).Properties.Roles).includes(taskRole))
      .flatMap((policy) => ((policy as Resource).Properties.PolicyDocument as { Statement: unknown[] }).Statement);
    const granted = JSON.stringify(statements);
    for (const action of ['s3:GetObject*', 's3:PutObject', 'kms:Decrypt', 'kms:GenerateDataKey*']) {
      expect(granted).toContain(action);
    }
    expect(granted).toContain(bucketId);
    expect(granted).toContain(keyId);
    const api = (
      taskDefinition.ContainerDefinitions as { Name: string; Environment?: { Name: string; Value: unknown }[] }[]
    ).find((container) => container.Name === 'api')!;
    const value = (name: string) => api.Environment?.find((variable) => variable.Name === name)?.Value;
    expect(value('REPORT_FILES_BUCKET')).toEqual({ Ref: bucketId });
    expect(value('REPORT_FILES_KMS_KEY_ID')).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    expect(value('REPORT_FILES_REGION')).toBe(DEPLOYMENT.region);
    expect(value('REPORT_FILES_KEY')).toBeUndefined();
  });
});

describe('the database (RDS PostgreSQL)', () => {
  it('is Multi-AZ, encrypted, TLS only, kept 14 days for point-in-time recovery, its password in Secrets Manager', () => {
    template.hasResourceProperties('AWS::RDS::DBInstance', {
      Engine: 'postgres',
      MultiAZ: true,
      StorageEncrypted: true,
      BackupRetentionPeriod: 14,
      DeletionProtection: true,
      PubliclyAccessible: false,
      MasterUserPassword: Match.objectLike({
        'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('resolve:secretsmanager')])],
      }),
    });
    template.hasResourceProperties('AWS::RDS::DBParameterGroup', { Parameters: { 'rds.force_ssl': '1' } });
    template.resourceCountIs('AWS::SecretsManager::Secret', 2);
  });
});
