/**
 * The reference API on AWS: PostgreSQL on RDS (Multi-AZ, encrypted, TLS only,
 * 14 days of point-in-time backups, its password in Secrets Manager), and the
 * API's container on ECS Fargate (two tasks at least, more with CPU) behind an
 * HTTPS load balancer that checks `/api/v1/ready` and answers only requests
 * that came through CloudFront (a secret header). Each task first runs
 * `npm run migrate` (under its advisory lock, so tasks starting together
 * apply each migration once) and starts the API once that has succeeded.
 * Its messages go out by SES's SMTP relay (the address in a secret you make,
 * README) and its text messages through SNS, with the task's own role. The
 * lab's original reports (PDFs) it keeps in a private, versioned bucket of
 * their own, encrypted under a KMS key of their own, reached over TLS only.
 */
import path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as elbv2 from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as rds from 'aws-cdk-lib/aws-rds';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { Identity } from './identity.ts';

/** Where the API listens in its container. */
const API_PORT = 8080;
/** The header CloudFront adds to every request it sends the API; the load balancer refuses any without it. */
export const ORIGIN_VERIFY_HEADER = 'X-Thrive-Origin-Verify';

export interface ApiServiceProps {
  identity: Identity;
  /** The load balancer's HTTPS name (a DNS record you point at it) and that name's certificate in this region. */
  domainName: string;
  certificateArn: string;
  /** The repository's root, whose `infra/Dockerfile` builds the API's image. */
  sourceDir: string;
  /** Where the API's messages come from: the SES identity Cognito sends from too. */
  senderEmail: string;
  /**
   * A Secrets Manager secret holding the SMTP relay's address with its credentials
   * (`smtps://<user>:<password>@email-smtp.<region>.amazonaws.com:465`); without one, messages wait in the outbox.
   */
  smtpSecretArn?: string;
}

export class ApiService extends Construct {
  readonly loadBalancer: elbv2.ApplicationLoadBalancer;
  readonly service: ecs.FargateService;
  readonly database: rds.DatabaseInstance;
  /** The value CloudFront sends in ORIGIN_VERIFY_HEADER. */
  readonly originSecret: secretsmanager.Secret;
  /** The API's container, for settings known only once the app's address is (APP_PUBLIC_URL). */
  readonly apiContainer: ecs.ContainerDefinition;
  /** The lab's original reports (PDFs), and the key they are encrypted under. */
  readonly reportsBucket: s3.Bucket;
  readonly reportsKey: kms.Key;

  constructor(scope: Construct, id: string, props: ApiServiceProps) {
    super(scope, id);
    const vpc = new ec2.Vpc(this, 'Network', {
      maxAzs: 2,
      natGateways: 2,
      subnetConfiguration: [
        { name: 'public', subnetType: ec2.SubnetType.PUBLIC },
        { name: 'app', subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS },
        { name: 'data', subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
      ],
    });

    this.database = new rds.DatabaseInstance(this, 'Database', {
      engine: rds.DatabaseInstanceEngine.postgres({ version: rds.PostgresEngineVersion.VER_17 }),
      instanceType: ec2.InstanceType.of(ec2.InstanceClass.M7G, ec2.InstanceSize.LARGE),
      vpc,
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
      multiAz: true,
      storageEncrypted: true,
      allocatedStorage: 50,
      maxAllocatedStorage: 500,
      databaseName: 'thrive',
      credentials: rds.Credentials.fromGeneratedSecret('thrive'),
      backupRetention: Duration.days(14),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.SNAPSHOT,
      enablePerformanceInsights: true,
      cloudwatchLogsExports: ['postgresql'],
      parameters: { 'rds.force_ssl': '1' },
    });

    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: 'The header value CloudFront sends the API; the load balancer refuses requests without it.',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });

    const cluster = new ecs.Cluster(this, 'Cluster', { vpc, containerInsightsV2: ecs.ContainerInsights.ENABLED });
    const task = new ecs.FargateTaskDefinition(this, 'Task', {
      cpu: 1024,
      memoryLimitMiB: 2048,
      runtimePlatform: { cpuArchitecture: ecs.CpuArchitecture.ARM64 },
    });
    props.identity.grantAdministration(task.taskRole);
    const image = ecs.ContainerImage.fromAsset(props.sourceDir, {
      file: path.join('infra', 'Dockerfile'),
      platform: Platform.LINUX_ARM64,
    });
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.THREE_MONTHS });
    const { userPool, appClient } = props.identity;
    const issuer = `https://cognito-idp.${userPool.stack.region}.amazonaws.com/${userPool.userPoolId}`;
    const environment = {
      DATABASE_URL: `postgres://thrive@${this.database.instanceEndpoint.hostname}:5432/thrive?sslmode=verify-full`,
      NODE_ENV: 'production',
    };
    const secrets = { DATABASE_PASSWORD: ecs.Secret.fromSecretsManager(this.database.secret!, 'password') };

    const migrate = task.addContainer('migrate', {
      image,
      essential: false,
      command: ['node', '--import', 'tsx', 'server/migrate.ts'],
      environment,
      secrets,
      logging: ecs.LogDrivers.awsLogs({ logGroup, streamPrefix: 'migrate' }),
    });
    // The lab's original reports: health records, so a key of their own (rotated yearly) and a bucket that keeps
    // every version, refuses plain HTTP, and takes no object that is not encrypted under KMS (the API asks for it).
    this.reportsKey = new kms.Key(this, 'ReportsKey', {
      description: 'Encrypts the lab reports (PDFs) the Thrive API keeps in S3',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.reportsBucket = new s3.Bucket(this, 'Reports', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: this.reportsKey,
      bucketKeyEnabled: true,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.reportsBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'OnlyKmsEncryptedReports',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:PutObject'],
        resources: [this.reportsBucket.arnForObjects('*')],
        conditions: { StringNotEquals: { 's3:x-amz-server-side-encryption': 'aws:kms' } },
      }),
    );
    // Read and write on the bucket and use of its key (encrypt, decrypt, data keys), for the API's tasks only.
    this.reportsBucket.grantReadWrite(task.taskRole);

    // Text messages go straight to phone numbers, which SNS names with no resource of their own.
    task.taskRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
    const smtp = props.smtpSecretArn
      ? secretsmanager.Secret.fromSecretCompleteArn(this, 'SmtpUrl', props.smtpSecretArn)
      : undefined;
    const api = task.addContainer('api', {
      image,
      environment: {
        ...environment,
        API_HOST: '0.0.0.0',
        API_PORT: String(API_PORT),
        COGNITO_ISSUER: issuer,
        COGNITO_JWKS_URL: `${issuer}/.well-known/jwks.json`,
        COGNITO_USER_POOL_ID: userPool.userPoolId,
        COGNITO_CLIENT_ID: appClient.userPoolClientId,
        COGNITO_REGION: userPool.stack.region,
        // The viewer's address: CloudFront, then the load balancer, put it in X-Forwarded-For.
        API_TRUST_PROXY: '2',
        MAIL_FROM: `Thrive <${props.senderEmail}>`,
        SMS_PROVIDER: 'sns',
        SMS_REGION: Stack.of(this).region,
        // The lab's original reports go to S3 under SSE-KMS: the API needs no key of its own for them.
        REPORT_FILES_BUCKET: this.reportsBucket.bucketName,
        REPORT_FILES_KMS_KEY_ID: this.reportsKey.keyArn,
        REPORT_FILES_REGION: Stack.of(this).region,
      },
      secrets: smtp ? { ...secrets, SMTP_URL: ecs.Secret.fromSecretsManager(smtp) } : secrets,
      portMappings: [{ containerPort: API_PORT }],
      logging: ecs.LogDrivers.awsLogs({ logGroup, streamPrefix: 'api' }),
      // SIGTERM lets requests in flight finish (10 s at most, server/main.ts) before ECS stops the task.
      stopTimeout: Duration.seconds(30),
    });
    this.apiContainer = api;
    api.addContainerDependencies({ container: migrate, condition: ecs.ContainerDependencyCondition.SUCCESS });

    this.service = new ecs.FargateService(this, 'Service', {
      cluster,
      taskDefinition: task,
      desiredCount: 2,
      minHealthyPercent: 100,
      maxHealthyPercent: 200,
      circuitBreaker: { rollback: true },
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS },
    });
    this.database.connections.allowDefaultPortFrom(this.service, 'The API');
    const scaling = this.service.autoScaleTaskCount({ minCapacity: 2, maxCapacity: 12 });
    scaling.scaleOnCpuUtilization('Cpu', {
      targetUtilizationPercent: 60,
      scaleOutCooldown: Duration.minutes(1),
      scaleInCooldown: Duration.minutes(5),
    });

    this.loadBalancer = new elbv2.ApplicationLoadBalancer(this, 'LoadBalancer', {
      vpc,
      internetFacing: true,
      dropInvalidHeaderFields: true,
      idleTimeout: Duration.seconds(60),
    });
    const listener = this.loadBalancer.addListener('Https', {
      port: 443,
      certificates: [acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)],
      sslPolicy: elbv2.SslPolicy.RECOMMENDED_TLS,
      defaultAction: elbv2.ListenerAction.fixedResponse(403, { contentType: 'text/plain', messageBody: 'Forbidden' }),
    });
    const targets = new elbv2.ApplicationTargetGroup(this, 'Targets', {
      vpc,
      port: API_PORT,
      protocol: elbv2.ApplicationProtocol.HTTP,
      targets: [this.service],
      deregistrationDelay: Duration.seconds(15),
      healthCheck: {
        path: '/api/v1/ready',
        healthyHttpCodes: '200',
        interval: Duration.seconds(10),
        timeout: Duration.seconds(5),
        healthyThresholdCount: 2,
        unhealthyThresholdCount: 3,
      },
    });
    listener.addAction('FromCloudFront', {
      priority: 1,
      conditions: [
        elbv2.ListenerCondition.httpHeader(ORIGIN_VERIFY_HEADER, [this.originSecret.secretValue.unsafeUnwrap()]),
      ],
      action: elbv2.ListenerAction.forward([targets]),
    });
  }
}
