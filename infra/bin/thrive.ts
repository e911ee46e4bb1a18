/**
 * The CDK app: `npm run infra:synth` writes the CloudFormation template to
 * infra/cdk.out without AWS credentials; `npx cdk deploy` (README, "Deploying
 * to AWS") deploys it. The deployment's own values come from
 * infra/deployment.json (copy deployment.example.json); without one, the
 * example's are used, which synthesise but do not deploy. A production build
 * in BUILD_DIR (`dist` by default) is uploaded with it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { ThriveStack, type ThriveDeployment } from '../lib/thrive-stack.ts';

const root = path.resolve(import.meta.dirname, '../..');
const own = path.join(root, 'infra/deployment.json');
const file = existsSync(own) ? own : path.join(root, 'infra/deployment.example.json');
if (file !== own)
  console.warn('No infra/deployment.json: synthesising the example deployment (it cannot be deployed).');
const deployment = JSON.parse(readFileSync(file, 'utf8')) as ThriveDeployment;
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'dist');

const app = new App({ outdir: process.env.CDK_OUTDIR || path.join(root, 'infra/cdk.out') });
new ThriveStack(app, 'Thrive', {
  env: {
    region: deployment.region,
    ...(process.env.CDK_DEFAULT_ACCOUNT ? { account: process.env.CDK_DEFAULT_ACCOUNT } : {}),
  },
  description: 'Thrive: the clinic app, its API, database and sign-in',
  deployment,
  sourceDir: root,
  ...(existsSync(path.join(buildDir, 'index.html')) ? { buildDir } : {}),
});
app.synth();
