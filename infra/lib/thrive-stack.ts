/**
 * Everything Thrive needs on AWS, in one stack: sign-in (Cognito, with SES
 * e-mail and SNS text messages), the app (S3 and CloudFront), the API (ECS
 * Fargate behind a load balancer) and its database (RDS PostgreSQL). The
 * README's "Deploying to AWS" walks through it.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ApiService, ORIGIN_VERIFY_HEADER } from './api-service.ts';
import { AppHosting } from './app-hosting.ts';
import { Identity } from './identity.ts';

export interface ThriveDeployment {
  /** Where it runs, e.g. `ap-south-1`. */
  region: string;
  /** The address Cognito's e-mails (invitations, codes) come from; SES asks its owner to confirm it. */
  senderEmail: string;
  /** The API load balancer's HTTPS name, e.g. `api-origin.clinic.example`, and its certificate in this region. */
  apiDomainName: string;
  apiCertificateArn: string;
  /** The app's own name and its certificate in us-east-1; without them, CloudFront's `*.cloudfront.net` name. */
  appDomainName?: string;
  appCertificateArn?: string;
  /** The ARN of a Secrets Manager secret holding the SMTP relay's URL with its credentials (README, step 3). */
  smtpSecretArn?: string;
}

export interface ThriveStackProps extends StackProps {
  deployment: ThriveDeployment;
  /** The repository's root (the API's image is built from it). */
  sourceDir: string;
  /** The production build to upload, when there is one. */
  buildDir?: string;
}

export class ThriveStack extends Stack {
  constructor(scope: Construct, id: string, props: ThriveStackProps) {
    super(scope, id, props);
    const { deployment } = props;
    const identity = new Identity(this, 'Identity', { senderEmail: deployment.senderEmail });
    const api = new ApiService(this, 'Api', {
      identity,
      domainName: deployment.apiDomainName,
      certificateArn: deployment.apiCertificateArn,
      sourceDir: props.sourceDir,
      senderEmail: deployment.senderEmail,
      ...(deployment.smtpSecretArn ? { smtpSecretArn: deployment.smtpSecretArn } : {}),
    });
    const app = new AppHosting(this, 'App', {
      cognitoRegion: this.region,
      api: {
        domainName: deployment.apiDomainName,
        verifyHeader: { name: ORIGIN_VERIFY_HEADER, value: api.originSecret.secretValue.unsafeUnwrap() },
      },
      ...(props.buildDir ? { buildDir: props.buildDir } : {}),
      ...(deployment.appDomainName && deployment.appCertificateArn
        ? { domain: { name: deployment.appDomainName, certificateArn: deployment.appCertificateArn } }
        : {}),
    });

    const appUrl = `https://${deployment.appDomainName ?? app.distribution.distributionDomainName}`;
    // Messages link to the app (a booking, a reset password), never to a local address.
    api.apiContainer.addEnvironment('APP_PUBLIC_URL', appUrl);

    // What the build and the DNS need (README, "Deploying to AWS").
    new CfnOutput(this, 'AppUrl', { value: appUrl });
    new CfnOutput(this, 'DistributionDomainName', { value: app.distribution.distributionDomainName });
    new CfnOutput(this, 'UserPoolId', { value: identity.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: identity.appClient.userPoolClientId });
    new CfnOutput(this, 'LoadBalancerDnsName', { value: api.loadBalancer.loadBalancerDnsName });
    new CfnOutput(this, 'DatabaseSecretArn', { value: api.database.secret!.secretArn });
  }
}
