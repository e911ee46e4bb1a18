/**
 * The app on S3 and CloudFront, as the production front (front/) serves it:
 * one origin for the browser, with `/api/*` passed to the API's load balancer
 * uncached, hashed assets kept a year and everything else revalidated, the
 * app's security headers (front/headers.ts, the same values the build writes
 * to `_headers`) on every file, and the app's routes answered with their
 * prerendered page or the app's shell. The bucket is private: CloudFront
 * reads it through Origin Access Control.
 */
import { readdirSync } from 'node:fs';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, HASHED_ASSETS_PREFIX, appSecurityHeaders } from '../../front/headers.ts';

/** Headers CloudFront sets through its own security settings; the others are custom headers. */
const SECURITY_SETTINGS = new Set([
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'strict-transport-security',
]);

export interface AppHostingProps {
  /** The region of the user pool (the app's CSP lets it connect to Cognito there). */
  cognitoRegion: string;
  /** The API's origin: its load balancer's HTTPS name, and the header that proves a request came through here. */
  api: { domainName: string; verifyHeader: { name: string; value: string } };
  /** A folder with the production build (`npm run build`) to upload; none: the files are uploaded later. */
  buildDir?: string;
  /** The app's own name and its certificate (in us-east-1, as CloudFront requires); none: CloudFront's. */
  domain?: { name: string; certificateArn: string };
}

/** The app's routes whose prerendered page the build holds (`/login` → login.html), besides the shell. */
function prerenderedPages(buildDir: string | undefined): string[] {
  if (!buildDir) return [];
  return readdirSync(buildDir)
    .filter((file) => file.endsWith('.html') && file !== 'index.html')
    .map((file) => file.slice(0, -'.html'.length))
    .sort();
}

/** The viewer-request function: a route (a path without a file's extension) becomes the page that answers it. */
function routingCode(pages: readonly string[]): string {
  return `var PAGES = ${JSON.stringify(pages)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.lastIndexOf('.') > uri.lastIndexOf('/')) return request;
  var page = uri.replace(/^\\/+|\\/+$/g, '');
  request.uri = PAGES.indexOf(page) >= 0 ? '/' + page + '.html' : '/index.html';
  return request;
}`;
}

/** A response-headers policy: the app's security headers, HSTS, and `cacheControl` for the browser. */
function headersPolicy(scope: Construct, id: string, cognitoRegion: string, cacheControl: string) {
  const headers = appSecurityHeaders({ VITE_COGNITO_REGION: cognitoRegion, VITE_COGNITO_ENDPOINT: '' });
  const custom = Object.entries(headers)
    .filter(([name]) => !SECURITY_SETTINGS.has(name.toLowerCase()))
    .map(([header, value]) => ({ header, value, override: true }));
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment: `Thrive: security headers, Cache-Control ${cacheControl}`,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: headers['Content-Security-Policy']!, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        override: true,
      },
    },
    customHeadersBehavior: {
      customHeaders: [...custom, { header: 'Cache-Control', value: cacheControl, override: true }],
    },
  });
}

export class AppHosting extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: AppHostingProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Files', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const files = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const routing = new cloudfront.Function(this, 'Routes', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(routingCode(prerenderedPages(props.buildDir))),
    });
    // Revalidated on every use: the edge asks the bucket (a conditional request) as the browser asks the edge.
    const revalidate = new cloudfront.CachePolicy(this, 'Revalidate', {
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
    });
    const api = new origins.HttpOrigin(props.api.domainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [props.api.verifyHeader.name]: props.api.verifyHeader.value },
      keepaliveTimeout: Duration.seconds(60),
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Thrive: the app and its API',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
          }
        : {}),
      defaultBehavior: {
        origin: files,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: revalidate,
        compress: true,
        responseHeadersPolicy: headersPolicy(this, 'Revalidated', props.cognitoRegion, CACHE_REVALIDATE),
        functionAssociations: [{ function: routing, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${HASHED_ASSETS_PREFIX}*`]: {
          origin: files,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          compress: true,
          responseHeadersPolicy: headersPolicy(this, 'Immutable', props.cognitoRegion, CACHE_IMMUTABLE),
        },
        // The API answers with its own headers (no-store among them); nothing of it is cached on the way.
        '/api/*': {
          origin: api,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
    });

    if (props.buildDir) {
      new s3deploy.BucketDeployment(this, 'Upload', {
        sources: [s3deploy.Source.asset(props.buildDir, { exclude: ['*.br', '*.gz', '_headers', '.vite'] })],
        destinationBucket: this.bucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        // An older build's hashed files stay a while for pages still open on it; the bucket's versions keep them.
        prune: false,
        memoryLimit: 512,
      });
    }
  }
}
